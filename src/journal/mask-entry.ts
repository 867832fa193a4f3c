import { type CredentialPlaces, maskHeaders, maskQuery } from '../openapi/mask-credentials.js';
import type { NewJournalEntry } from './journal-entry.js';

/**
 * An entry as the journal stores it: the credentials of its request and answer masked (Authorization,
 * cookies, the document's API keys), so neither the admin API, the dashboard nor anything that reads
 * the journal later holds a usable secret. `places()` is read per batch: a reloaded document may name
 * other API keys.
 */
export function maskedEntries(places: () => CredentialPlaces): (entry: NewJournalEntry) => NewJournalEntry {
  return (entry) => {
    const where = places();
    return {
      ...entry,
      headers: maskHeaders(entry.headers, where),
      query: maskQuery(entry.query, where),
      responseHeaders: maskHeaders(entry.responseHeaders, where),
    };
  };
}
