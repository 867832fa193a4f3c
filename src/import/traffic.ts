/** One request another tool kept (a HAR entry, a Postman request or saved example) and, when it kept it, its answer. */
export interface TrafficExchange {
  /** How the report names it: `GET /plants (entry 3)`. */
  readonly label: string;
  readonly method: string;
  /** The path as sent, without the query. */
  readonly path: string;
  /** The query as sent, without `?`. */
  readonly query: string;
  /** Lower-case names, one value each. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | undefined;
  /** Undefined: no answer kept (a Postman request without a saved example): the mock answers it. */
  readonly answer?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    /** Decoded (no Content-Encoding left): text, or bytes. */
    readonly body: string | Buffer | undefined;
  };
  /** Why it cannot be imported whatever the document says (an answer the file does not hold). */
  readonly unusable?: string;
}

/** Headers a replay makes anew or that belong to one connection: never part of what is imported. */
const CONNECTION_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'content-encoding']);

/** Headers as one lower-case name and value each (repeated ones joined), HTTP/2 pseudo-headers and framing left out. */
export function headerObject(headers: readonly { readonly name: string; readonly value: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of headers) {
    const lower = name.toLowerCase();
    if (lower.startsWith(':') || CONNECTION_HEADERS.has(lower) || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(lower)) continue;
    const text = String(value);
    out[lower] = out[lower] === undefined ? text : `${out[lower]}${lower === 'cookie' ? '; ' : ', '}${text}`;
  }
  return out;
}
