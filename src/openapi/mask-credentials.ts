import type { IncomingHttpHeaders } from 'node:http';
import type { MockOperation } from './operation.js';

/**
 * Headers that carry credentials whatever the document says: the standard ones, and the API-key and
 * token headers clients commonly send even where a document does not declare them.
 */
const ALWAYS_SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
  'x-access-token',
  'x-csrf-token',
  'x-xsrf-token',
];
/** Shortest secret whose last characters are kept: below it, showing four would give away too much. */
const KEEP_SUFFIX_FROM = 12;
const SUFFIX = 4;

/**
 * Where a request carries credentials: header names (lower case) and query parameter names. Cookies
 * need no list: every cookie value is masked (maskCookies).
 */
export interface CredentialPlaces {
  readonly headers: ReadonlySet<string>;
  readonly query: ReadonlySet<string>;
}

/** The places of a document's operations: the headers every request's credentials use, and the apiKeys its schemes name. */
export function credentialPlaces(operations: readonly MockOperation[]): CredentialPlaces {
  const headers = new Set(ALWAYS_SECRET_HEADERS);
  const query = new Set<string>();
  for (const operation of operations) {
    for (const key of operation.apiKeys) {
      if (key.in === 'header') headers.add(key.name.toLowerCase());
      else if (key.in === 'query') query.add(key.name);
    }
  }
  return { headers, query };
}

/**
 * `Bearer ***wxyz`: the scheme kept, the secret replaced, its last four characters kept when it is long
 * enough, so tests can tell tokens apart and nobody can reuse one. Basic and Digest keep nothing: their
 * secret encodes `user:password`, so its last characters are the password's.
 */
export function maskSecret(value: string, scheme = true): string {
  const space = scheme ? value.indexOf(' ') : -1;
  const prefix = space === -1 ? '' : value.slice(0, space + 1);
  const secret = space === -1 ? value : value.slice(space + 1).trim();
  const keep = secret.length >= KEEP_SUFFIX_FROM && !/^(basic|digest)\s/i.test(prefix);
  return `${prefix}***${keep ? secret.slice(-SUFFIX) : ''}`;
}

/** A copy of the headers with every credential masked; the same object when none is there. */
export function maskHeaders<H extends IncomingHttpHeaders | Readonly<Record<string, unknown>>>(headers: H, places: CredentialPlaces): H {
  let masked: Record<string, unknown> | undefined;
  for (const name of places.headers) {
    const value = (headers as Record<string, unknown>)[name];
    if (value === undefined) continue;
    masked ??= { ...headers };
    masked[name] = maskHeaderValue(name, value);
  }
  return (masked ?? headers) as H;
}

/** A copy of the query with the apiKey parameters masked; the same object when none is there. */
export function maskQuery<Q extends Readonly<Record<string, unknown>>>(query: Q, places: CredentialPlaces): Q {
  let masked: Record<string, unknown> | undefined;
  for (const name of places.query) {
    if (!Object.hasOwn(query, name)) continue;
    masked ??= { ...query };
    const value = query[name];
    masked[name] = Array.isArray(value) ? value.map((v) => maskSecret(String(v), false)) : maskSecret(String(value), false);
  }
  return (masked ?? query) as Q;
}

/** A Cookie header with every value masked (`sid=***abcd; theme=***`): any cookie may be a session. */
export function maskCookies(header: string): string {
  return header
    .split(';')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1
        ? maskSecret(pair.trim(), false)
        : `${pair.slice(0, equals).trim()}=${maskSecret(pair.slice(equals + 1).trim(), false)}`;
    })
    .join('; ');
}

/** A Set-Cookie value with its value masked and its attributes kept (`sid=***abcd; Path=/; HttpOnly`). */
function maskSetCookie(header: string): string {
  const semicolon = header.indexOf(';');
  const pair = semicolon === -1 ? header : header.slice(0, semicolon);
  return `${maskCookies(pair)}${semicolon === -1 ? '' : header.slice(semicolon)}`;
}

function maskHeaderValue(name: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((one) => maskHeaderValue(name, one));
  const text = String(value);
  if (name === 'cookie') return maskCookies(text);
  if (name === 'set-cookie') return maskSetCookie(text);
  return maskSecret(text, name === 'authorization' || name === 'proxy-authorization');
}
