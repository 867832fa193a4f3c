import { type CredentialPlaces, maskHeaders, maskQuery } from '../openapi/mask-credentials.js';
import type { EntryStorage } from './journal.js';

/**
 * An entry as the journal stores it: the credentials of its request and answer masked (Authorization,
 * cookies, the document's API keys), so neither the admin API, the dashboard nor anything that reads
 * the journal later holds a usable secret. `places()` is read as each entry is recorded (a reloaded
 * document may name other API keys) and applied when the journal writes the entry down.
 */
export function maskedEntries(places: () => CredentialPlaces): EntryStorage<CredentialPlaces> {
  return {
    context: places,
    stored: (entry, where) => ({
      ...entry,
      headers: maskHeaders(entry.headers, where),
      query: maskQuery(entry.query, where),
      responseHeaders: maskHeaders(entry.responseHeaders, where),
    }),
  };
}
