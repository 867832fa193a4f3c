import { parsePointer } from '../../json/json-pointer.js';
import { type CredentialPlaces, isSecretField, maskValue } from '../../openapi/mask-credentials.js';

/** What a recording writes in place of a secret. */
export const REDACTED = '[redacted]';

/**
 * What never reaches a recording: the credential headers and query parameters the journal masks, body
 * fields and query parameters named like secrets (as the journal masks them), plus `--redact` header
 * names and JSON pointers into request and answer bodies (`*` stands for any one key or index).
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

/**
 * A copy of a parsed body (or a text one) with every value a pointer names, and every member named
 * like a secret (`password`, `client_secret`, ...: see mask-credentials.ts) whatever its value,
 * replaced; secrets in text (forms, multipart, JSON text) masked; the same value when none is there.
 * Replaced values are the same in every exchange, so they never become a replay's matchers.
 */
export function redactBody(body: unknown, pointers: readonly (readonly string[])[]): unknown {
  let result = withoutSecretFields(body);
  for (const pointer of pointers) result = replaceAt(result, pointer, 0);
  return result;
}

/** Whether a query parameter is left out of a recording: the journal's credential places, or named like a secret. */
export function redactedQuery(name: string, redaction: Redaction): boolean {
  return redaction.query.has(name) || isSecretField(name);
}

/** The journal's rule (mask-credentials.ts): secret-named members of any value, at any depth, and secrets in text. */
function withoutSecretFields(value: unknown): unknown {
  return maskValue(value, () => REDACTED);
}

function replaceAt(value: unknown, pointer: readonly string[], at: number): unknown {
  if (at === pointer.length) return REDACTED;
  const segment = pointer[at] as string;
  return mapChildren(value, (key, item) => (segment === '*' || segment === String(key) ? replaceAt(item, pointer, at + 1) : item));
}

/** An object or array with `change` applied to each member (by key or index); copied only where one changed. */
function mapChildren(value: unknown, change: (key: string | number, item: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = change(i, item);
      if (next === item) return;
      copy ??= [...value];
      copy[i] = next;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = change(key, item);
    if (next === item) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    copy[key] = next;
  }
  return copy ?? value;
}
