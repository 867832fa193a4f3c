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
 * Whether a header of this name carries a secret whatever the document says: the credential headers,
 * and any named like a token, secret, password or key (`X-Refresh-Token`, `X-Client-Secret`, `X-Signing-Key`).
 */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return ALWAYS_SECRET_HEADERS.includes(lower) || isSecretField(lower) || lower.endsWith('-key');
}

/** Headers whose value is a URL (or a list of them) that may carry a token in its query. */
const URL_HEADERS = new Set(['location', 'content-location', 'link', 'refresh']);
/** A query parameter inside a URL written in a header or a path: its separator, name and value. */
const URL_PARAMETER = /([?&;])([^&=#\s<>;,"?]{1,256})=([^&#\s<>;,"]*)/g;

/** A text holding URLs (a path, a `Location`, a `Link` list) with the values of secret query parameters masked. */
export function maskUrlsIn(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  return text.replace(URL_PARAMETER, (whole, separator: string, name: string, value: string) =>
    isSecretField(formName(name)) ? `${separator}${name}=${maskField(formName(name), value)}` : whole,
  );
}

/**
 * A parsed value (a JSON body, a form, multipart fields) with every member named like a secret
 * replaced, whatever its value (a string, a number, an array, an object) and however deep; strings
 * are scanned as text (maskBodyText). `replacement`: what a secret becomes (default: the journal's
 * `***` form). Copied only where something changed. Parsed JSON nests at most MAX_JSON_DEPTH levels,
 * so the walk's own depth is bounded by the parser's.
 */
export function maskValue(value: unknown, replacement?: (name: string, value: unknown) => unknown): unknown {
  const replace =
    replacement ??
    ((name: string, item: unknown) => (typeof item === 'string' || typeof item === 'number' ? maskField(name, String(item)) : '***'));
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return maskBodyText(item);
    if (item === null || typeof item !== 'object') return item;
    if (Array.isArray(item)) {
      let copy: unknown[] | undefined;
      item.forEach((one, i) => {
        const next = walk(one);
        if (next === one) return;
        copy ??= [...item];
        copy[i] = next;
      });
      return copy ?? item;
    }
    let copy: Record<string, unknown> | undefined;
    for (const [key, one] of Object.entries(item)) {
      const next = isSecretField(key) && one !== undefined && one !== null ? replace(key, one) : walk(one);
      if (next === one) continue;
      copy ??= { ...(item as Record<string, unknown>) };
      copy[key] = next;
    }
    return copy ?? item;
  };
  return walk(value);
}

/** A header's value with its secret masked: the credential headers' own rules, URL headers' token parameters. */
export function maskHeaderByRule(name: string, value: unknown): unknown {
  const lower = name.toLowerCase();
  if (isSecretHeader(lower)) return maskHeaderValue(lower, value);
  if (URL_HEADERS.has(lower)) return Array.isArray(value) ? value.map((one) => maskUrlsIn(String(one))) : maskUrlsIn(String(value));
  return value;
}

/**
 * A body's text with the values of its secret fields masked (`"password":"***"`), everything else
 * kept byte for byte: JSON members anywhere in the text (a truncated body too), else, when it reads
 * as a form, its fields. The same string when there is nothing to mask.
 */
export function maskBodyText(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  const multipart = maskMultipart(text);
  if (multipart !== undefined) return multipart;
  const json = maskCompositeMembers(text).replace(JSON_MEMBER, (member, name: string, colon: string, value: string) => {
    const field = memberName(name);
    if (!isSecretField(field)) return member;
    return `"${name}"${colon}${JSON.stringify(maskField(field, value.startsWith('"') ? jsonString(value) : value))}`;
  });
  if (json !== text || /^\s*[[{]/.test(text)) return json;
  return text.replace(FORM_FIELD, (field, start: string, name: string, value: string) =>
    isSecretField(formName(name)) ? `${start}${name}=${maskField(formName(name), value)}` : field,
  );
}

/** The name of a JSON member whose value is an array or an object. */
const COMPOSITE_MEMBER = /"((?:[^"\\]|\\.){0,256})"\s*:\s*(?=[[{])/g;

/**
 * JSON text with each secret-named member whose value is an array or an object replaced by `"***"`,
 * found by scanning the text (strings skipped), so a cut-off body and any depth are covered too.
 */
function maskCompositeMembers(text: string): string {
  let out = '';
  let from = 0;
  COMPOSITE_MEMBER.lastIndex = 0;
  for (let match = COMPOSITE_MEMBER.exec(text); match !== null; match = COMPOSITE_MEMBER.exec(text)) {
    if (!isSecretField(memberName(match[1] as string))) continue;
    const start = match.index + match[0].length;
    const end = closingOf(text, start);
    out += `${text.slice(from, start)}"***"`;
    from = end;
    COMPOSITE_MEMBER.lastIndex = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Where the array or object opening at `start` ends (after its closing bracket; the text's end when cut off). */
function closingOf(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) if (text[i] === '\\') i += 1;
    } else if (c === '[' || c === '{') depth += 1;
    else if (c === ']' || c === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** A multipart part's header block naming the field, then its content up to the next boundary line. */
const MULTIPART_PART =
  /(Content-Disposition:[^\r\n]*\bname="([^"\r\n]{1,256})"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi;

/** A multipart body's text with secret-named fields' contents masked; undefined when the text is no multipart body. */
function maskMultipart(text: string): string | undefined {
  if (!/^\s*--/.test(text) || !/content-disposition:/i.test(text)) return undefined;
  return text.replace(MULTIPART_PART, (part, head: string, name: string, content: string) =>
    isSecretField(name) ? `${head}${maskField(name, content)}` : part,
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

/** The password of a URL's userinfo (`http://user:password@host`), up to the authority's last `@` as URL parsers read it. */
const USERINFO_PASSWORD = /^([a-z][a-z\d+.-]*:\/\/[^/\\?#:]*:)([^/\\?#]*)@/i;

/**
 * A URL's text with its userinfo password and the values of its secret query parameters masked
 * (`http://user:***@host/hook?token=***abcd`); the same text when none is there.
 */
export function maskUrlText(url: string): string {
  return maskUrlsIn(
    url.replace(USERINFO_PASSWORD, (_whole, before: string, password: string) => `${before}${maskField('password', password)}@`),
  );
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

/**
 * A copy of the headers with every credential masked (the document's API-key headers, and every
 * header the one rule calls secret or carrying a URL); the same object when none is there.
 */
export function maskHeaders<H extends IncomingHttpHeaders | Readonly<Record<string, unknown>>>(headers: H, places: CredentialPlaces): H {
  let masked: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const next = places.headers.has(lower) ? maskHeaderValue(lower, value) : maskHeaderByRule(lower, value);
    if (next === value || (typeof next === 'string' && next === String(value))) continue;
    masked ??= { ...headers };
    masked[name] = next;
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
