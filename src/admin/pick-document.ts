import type { MockResponse } from '../mock-response.js';
import { problemResponse } from '../problem.js';

/**
 * `?spec=NAME` of the admin routes that act on one document. Shown in the admin OpenAPI document and,
 * where a route validates its query with a schema, validated by Fastify: from this same object.
 */
export const specQueryProperty = {
  spec: { type: 'string', description: 'With several documents: the one to act on, by name (default: the first).' },
} as const;

/**
 * The document `?spec=` names: `found` undefined when none is named (each route says what that means),
 * or the admin API's 400 for a name no document has (the 400 lists the names served).
 */
export function pickDocument<T>(
  documents: readonly T[],
  name: unknown,
  nameOf: (document: T) => string,
): { readonly found?: T } | { readonly error: MockResponse } {
  if (name === undefined) return {};
  const served = documents.map(nameOf);
  const invalid = (details: string) => ({ error: problemResponse({ code: 'INVALID_ADMIN_REQUEST', params: { details } }) });
  if (typeof name !== 'string') return invalid(`"spec" must be one document name; served: ${served.join(', ')}`);
  const found = documents.find((document) => nameOf(document) === name);
  return found === undefined ? invalid(`no document named "${name}"; served: ${served.join(', ')}`) : { found };
}
