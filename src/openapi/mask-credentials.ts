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
/**
 * Body fields and query parameters whose values are secrets, by name: a name is one when, lower case
 * and without `-` and `_`, it is one of these or ends with one (`client_secret`, `newPassword`,
 * `access_token`, `X-Api-Key`). Kept beside the header list: both say what is never stored as sent.
 */
const SECRET_FIELD_ENDINGS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'authorization',
  'credential',
  'credentials',
  'privatekey',
  'sessionid',
  'cookie',
];
/** Whether a body text may hold a secret field at all: most bodies are passed over by this one scan. */
const MAY_HOLD_SECRET = /pass|secret|token|api[-_]?key|authori[sz]ation|credential|private[-_]?key|session[-_]?id|cookie/i;
/** A JSON member whose value is a string or a number: its name (raw, escapes kept), then its value. */
const JSON_MEMBER = /"((?:[^"\\]|\\.){0,256})"(\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/g;
/** A form field (`a=1&password=x`): its name, then its value. */
const FORM_FIELD = /(^|&)([^&=]{1,256})=([^&]*)/g;

/** Whether a body field or query parameter of this name holds a secret. */
export function isSecretField(name: string): boolean {
  const plain = name.toLowerCase().replace(/[-_]/g, '');
  return SECRET_FIELD_ENDINGS.some((ending) => plain.endsWith(ending));
}

/**
 * A body's text with the values of its secret fields masked (`"password":"***"`), everything else
 * kept byte for byte: JSON members anywhere in the text (a truncated body too), else, when it reads
 * as a form, its fields. The same string when there is nothing to mask.
 */
export function maskBodyText(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  const json = text.replace(JSON_MEMBER, (member, name: string, colon: string, value: string) => {
    const field = memberName(name);
    if (!isSecretField(field)) return member;
    return `"${name}"${colon}${JSON.stringify(maskField(field, value.startsWith('"') ? jsonString(value) : value))}`;
  });
  if (json !== text || /^\s*[[{]/.test(text)) return json;
  return text.replace(FORM_FIELD, (field, start: string, name: string, value: string) =>
    isSecretField(formName(name)) ? `${start}${name}=${maskField(formName(name), value)}` : field,
  );
}

/** A query with the values of its secret parameters masked (`?access_token=***abcd`); the same object when none is there. */
export function maskSecretQuery<Q extends Readonly<Record<string, unknown>>>(query: Q): Q {
  let masked: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (!isSecretField(name) || value === undefined) continue;
    masked ??= { ...query };
    masked[name] = Array.isArray(value) ? value.map((v) => maskField(name, String(v))) : maskField(name, String(value));
  }
  return (masked ?? query) as Q;
}

/** A secret field's value masked: a token or key keeps its last characters (to tell them apart), a password or secret nothing. */
function maskField(name: string, value: string): string {
  if (value.startsWith('***')) return value;
  return /(token|key)$/i.test(name.replace(/[-_]/g, '')) ? maskSecret(value, false) : '***';
}

/** A JSON string literal's text, or the literal as written when it is cut off or malformed. */
function jsonString(literal: string): string {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return literal.slice(1, -1);
  }
}

/** A URL's text with the values of its secret query parameters masked; the same text when none is there. */
export function maskUrlText(url: string): string {
  const question = url.indexOf('?');
  if (question === -1 || !MAY_HOLD_SECRET.test(url.slice(question))) return url;
  const hash = url.indexOf('#', question);
  const end = hash === -1 ? url.length : hash;
  return `${url.slice(0, question + 1)}${maskBodyText(url.slice(question + 1, end))}${url.slice(end)}`;
}

function memberName(raw: string): string {
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

function formName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

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
