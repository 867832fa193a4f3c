import type { CredentialPlaces } from '../../openapi/mask-credentials.js';
import { parsePointer } from '../json-pointer.js';

/** What a recording writes in place of a secret. */
export const REDACTED = '[redacted]';

/**
 * What never reaches a recording: the credential headers and query parameters the journal masks, plus
 * `--redact` header names and JSON pointers into request and answer bodies (`*` stands for any one key
 * or index).
 */
export interface Redaction {
  readonly headers: ReadonlySet<string>;
  readonly query: ReadonlySet<string>;
  readonly pointers: readonly (readonly string[])[];
}

export function redactionOf(redact: readonly string[], places: CredentialPlaces): Redaction {
  const headers = new Set(places.headers);
  const pointers: (readonly string[])[] = [];
  for (const item of redact) {
    if (item.startsWith('/')) pointers.push(parsePointer(item));
    else headers.add(item.toLowerCase());
  }
  return { headers, query: places.query, pointers };
}

/** A copy of a parsed body with every value a pointer names replaced; the same value when none is there. */
export function redactBody(body: unknown, pointers: readonly (readonly string[])[]): unknown {
  let result = body;
  for (const pointer of pointers) result = replaceAt(result, pointer, 0);
  return result;
}

function replaceAt(value: unknown, pointer: readonly string[], at: number): unknown {
  if (at === pointer.length) return REDACTED;
  if (value === null || typeof value !== 'object') return value;
  const segment = pointer[at] as string;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      if (segment !== '*' && segment !== String(i)) return;
      const next = replaceAt(item, pointer, at + 1);
      if (next === item) return;
      copy ??= [...value];
      copy[i] = next;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    if (segment !== '*' && segment !== key) continue;
    const next = replaceAt(item, pointer, at + 1);
    if (next === item) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    copy[key] = next;
  }
  return copy ?? value;
}
