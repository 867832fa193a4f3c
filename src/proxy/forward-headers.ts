import type { IncomingHttpHeaders } from 'node:http';
import { SCENARIO_HEADER, SESSION_HEADER } from '../protocol.js';

/** Hop-by-hop fields (RFC 9110 section 7.6.1), which only concern one connection, never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/**
 * Framed anew by each side; `host` is the upstream's own; `expect: 100-continue` was answered by the
 * mock's own server, and the whole body is sent at once.
 */
const REFRAMED = new Set(['content-length', 'host', 'expect']);
/** The mock's own steering headers: meant for the mock, not the real service. */
export const PROXY_HEADER = 'x-mock-proxy';
const MOCK_ONLY = new Set([SESSION_HEADER, SCENARIO_HEADER, PROXY_HEADER]);
/** Never forwarded as the client sent them; `via` and `x-forwarded-proto` are written anew. */
const SKIPPED_REQUEST_HEADERS = new Set([...HOP_BY_HOP, ...REFRAMED, ...MOCK_ONLY, 'via', 'x-forwarded-proto']);
const COLON = 0x3a;

export const VIA = '1.1 plantstore-mock';

/** The names a `Connection` header lists: hop-by-hop for this message too. */
function connectionOptions(value: string | string[] | number | undefined): Set<string> | undefined {
  // The usual values name no field.
  if (value === undefined || value === 'keep-alive' || value === 'close') return undefined;
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return new Set(
    text
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
}

export interface ClientSide {
  /** The client's address, for X-Forwarded-For. */
  readonly address: string | undefined;
  /** `http` or `https`: how the client reached the mock. */
  readonly protocol: string;
}

/**
 * The request's headers as the upstream gets them, as undici takes them (name, value, name, value, ...;
 * a field that came as a list once per value): end-to-end ones kept, `Via` and `X-Forwarded-*` added.
 */
export function requestHeadersFor(headers: IncomingHttpHeaders, client: ClientSide): string[] {
  const listed = connectionOptions(headers.connection);
  const host = headers.host ?? headers[':authority'];
  const out: string[] = [];
  for (const name in headers) {
    const value = headers[name];
    // HTTP/2 pseudo-headers (`:method`, `:authority`, ...) belong to that request's own framing.
    if (value === undefined || SKIPPED_REQUEST_HEADERS.has(name) || name.charCodeAt(0) === COLON || listed?.has(name)) continue;
    // Extended below when the mock knows better.
    if ((name === 'x-forwarded-for' && client.address !== undefined) || (name === 'x-forwarded-host' && typeof host === 'string')) continue;
    if (typeof value === 'string') out.push(name, value);
    else for (const one of value) out.push(name, one);
  }
  out.push('via', headers.via === undefined ? VIA : `${String(headers.via)}, ${VIA}`);
  if (client.address !== undefined) {
    const before = headers['x-forwarded-for'];
    out.push('x-forwarded-for', before === undefined ? client.address : `${String(before)}, ${client.address}`);
  }
  if (typeof host === 'string') out.push('x-forwarded-host', host);
  out.push('x-forwarded-proto', client.protocol);
  return out;
}

/**
 * The upstream's answer headers as the client gets them: hop-by-hop ones dropped, and the mock's own
 * `x-mock-*` ones (an upstream must not speak for the mock: `x-mock-error`, `x-mock-drift`), `Via`
 * added; values that came as a list (`set-cookie`) stay a list.
 */
export function responseHeadersFor(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string | string[]> {
  const listed = connectionOptions(headers.connection);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length' || listed?.has(name) || name.startsWith('x-mock-'))
      continue;
    out[name] = value;
  }
  out.via = headers.via === undefined ? VIA : `${String(headers.via)}, ${VIA}`;
  return out;
}
