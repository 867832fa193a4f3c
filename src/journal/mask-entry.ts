import { type CredentialPlaces, maskBodyText, maskHeaders, maskQuery, maskSecretQuery, maskUrlText } from '../openapi/mask-credentials.js';
import type { Provenance } from '../provenance.js';
import type { EntryStorage } from './journal.js';

/**
 * An entry as the journal stores it: the credentials of its request and answer masked (Authorization,
 * cookies, the document's API keys, and body fields and query parameters named like secrets), so
 * neither the admin API, the dashboard nor anything that reads the journal later holds a usable
 * secret. `places()` is read as each entry is recorded (a reloaded document may name other API keys)
 * and applied when the journal writes the entry down.
 */
export function maskedEntries(places: () => CredentialPlaces): EntryStorage<CredentialPlaces> {
  return {
    context: places,
    stored: (entry, where) => ({
      ...entry,
      path: maskUrlText(entry.path),
      headers: maskHeaders(entry.headers, where),
      query: maskSecretQuery(maskQuery(entry.query, where)),
      body: maskBody(entry.body),
      responseHeaders: maskHeaders(entry.responseHeaders, where),
      responseBody: entry.responseBody === undefined ? undefined : maskBodyText(entry.responseBody),
      provenance: maskProvenance(entry.provenance),
    }),
  };
}

/** Text masked as text; bytes read as Latin-1, which keeps every byte and the ASCII of JSON and forms, and written back. */
function maskBody(body: string | Buffer | undefined): string | Buffer | undefined {
  if (body === undefined || typeof body === 'string') return body === undefined ? undefined : maskBodyText(body);
  const text = body.toString('latin1');
  const masked = maskBodyText(text);
  return masked === text ? body : Buffer.from(masked, 'latin1');
}

/** The upstream body a strict proxy kept of a drifting answer. */
function maskProvenance(provenance: Provenance | undefined): Provenance | undefined {
  if (provenance?.kind !== 'proxied' || provenance.upstreamBody === undefined) return provenance;
  const upstreamBody = maskBodyText(provenance.upstreamBody);
  return upstreamBody === provenance.upstreamBody ? provenance : { ...provenance, upstreamBody };
}
