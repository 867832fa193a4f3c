import { MockConfigError } from '../config-error.js';

/** The real service the proxy forwards to: one origin, and the base path the document's paths are joined to. */
export interface Upstream {
  /** `https://api.example.com:8443`: the only origin the proxy ever contacts. */
  readonly origin: string;
  /** The URL's path without its trailing slash (`/v1`, or empty). */
  readonly basePath: string;
  /** `api.example.com:8443`, as X-Forwarded-Host and logs name it. */
  readonly host: string;
}

/** The `--proxy` URL checked: http or https, no credentials, query or fragment (they would be sent with every request). */
export function parseUpstream(text: string): Upstream {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new MockConfigError(`option "proxy" must be an http:// or https:// URL; got ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new MockConfigError(`option "proxy" must be an http:// or https:// URL; got ${JSON.stringify(text)}`);
  if (url.username !== '' || url.password !== '')
    throw new MockConfigError('option "proxy" must not carry credentials: the requests forwarded carry their own');
  if (url.search !== '' || url.hash !== '') throw new MockConfigError('option "proxy" must be a base URL without a query or fragment');
  return { origin: url.origin, basePath: mergeSlashes(url.pathname).replace(/\/+$/, ''), host: url.host };
}

/**
 * A dot segment, raw or percent-encoded (`.`, `..`, `%2e`, `.%2E`, ...), anywhere in a path; also with
 * path parameters (`..;x`), which servlet containers strip before they resolve dot segments; also
 * ended by what a server may cut the path at once it decodes it: a fragment (`/..#`), an encoded `?`
 * or `#` (`/..%3F`, `/..%23`), or NUL (raw or `%00`).
 */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=[/;#?\0]|%3b|%3f|%23|%00|$)/i;
/** Characters that some servers read as a path separator once decoded. */
const ENCODED_SEPARATOR = /%(?:2f|5c)|\\/i;

/**
 * The path and query the upstream is asked for: its base path joined with the request's path (raw,
 * as received, each run of slashes merged into one) and the query as parsed. Undefined when the path
 * could leave the base path once the upstream decodes it (dot segments, encoded slashes or
 * backslashes): such requests are refused, not forwarded. The origin is never taken from the request:
 * not from an absolute-form target, nor Host.
 */
export function upstreamPath(upstream: Upstream, path: string, query: Readonly<Record<string, unknown>>): string | undefined {
  if (!path.startsWith('/') || ENCODED_SEPARATOR.test(path) || DOT_SEGMENT.test(path)) return undefined;
  return `${upstream.basePath}${mergeSlashes(path)}${queryString(query)}`;
}

/**
 * `//evil.example/x` as a request target is a path, but a service that builds a URL from it (a
 * redirect's `Location`, `new URL(path, base)`) reads it as scheme-relative: another host. Runs of
 * slashes are merged into one, as nginx's `merge_slashes`, Apache's `MergeSlashes` and Envoy's edge
 * `merge_slashes` do, so no forwarded target begins with `//`.
 */
function mergeSlashes(path: string): string {
  return path.includes('//') ? path.replace(/\/{2,}/g, '/') : path;
}

/** The parsed query written back (every value, in order, percent-encoded). */
function queryString(query: Readonly<Record<string, unknown>>): string {
  let text = '';
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) {
      if (one === undefined) continue;
      text += `${text === '' ? '?' : '&'}${encodeURIComponent(name)}=${encodeURIComponent(String(one))}`;
    }
  }
  return text;
}
