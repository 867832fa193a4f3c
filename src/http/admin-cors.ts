import type { IncomingHttpHeaders } from 'node:http';
import { ADMIN_PREFIX, ERROR_CODE_HEADER } from '../protocol.js';
import { requestHost } from './host-check.js';

/**
 * Which browser pages may call the mock's own routes (`/__mock/`): its own (the dashboard) and the
 * `--admin-cors` origins. The API keeps its open CORS for frontends; the admin routes show every
 * request the mock has seen and change its behaviour, so a page of any other origin, a form post
 * included, is refused before it reaches them.
 */
export interface AdminOriginPolicy {
  /** What was refused and how to be let in; undefined when the request may go on to the admin routes. */
  refusal(headers: IncomingHttpHeaders, method: string): AdminRefusal | undefined;
  /**
   * The CORS headers of an admin answer: the Origin reflected only when it is the mock's own or listed,
   * whatever the API's CORS (`--no-cors` included), and a preflight's answer for the admin methods.
   */
  corsHeaders(headers: IncomingHttpHeaders, preflight: boolean): Record<string, string>;
}

/**
 * What the admin origin policy refused: a page of an origin not allowed, a form post (a simple POST) of
 * an allowed one, or a request without an Origin that Fetch Metadata says came from another site.
 */
export type AdminRefusal =
  | { readonly kind: 'origin'; readonly origin: string }
  | { readonly kind: 'form-post'; readonly origin: string }
  | { readonly kind: 'site'; readonly site: string };

/** What an admin page may read besides the CORS-safelisted headers, and the admin routes' methods. */
const ADMIN_EXPOSED_HEADERS = `${ERROR_CODE_HEADER}, www-authenticate, allow`;
const ADMIN_CORS_METHODS = 'GET, POST, PUT, DELETE';
/** Seconds a browser may cache an admin preflight answer. */
const ADMIN_PREFLIGHT_MAX_AGE = '600';

export function createAdminOriginPolicy(extraOrigins: readonly string[]): AdminOriginPolicy {
  const listed = new Set(extraOrigins.map((origin) => origin.toLowerCase()));
  const allowedOrigin = (headers: IncomingHttpHeaders): string | undefined => {
    const origin = headers.origin;
    if (origin === undefined) return undefined;
    const lower = origin.toLowerCase();
    if (listed.has(lower)) return origin;
    // Same origin: the page was served by this mock under the Host it called (checked by the host allow-list).
    const host = requestHost(headers)?.toLowerCase();
    return host !== undefined && (lower === `http://${host}` || lower === `https://${host}`) ? origin : undefined;
  };
  return {
    refusal(headers, method) {
      const origin = headers.origin;
      if (origin !== undefined) {
        if (allowedOrigin(headers) === undefined) return { kind: 'origin', origin };
        // A page of an allowed origin still changes state only with a non-simple request, which no form
        // post or no-cors fetch can send: PUT and DELETE always are; a POST needs JSON or a custom header.
        if (method !== 'POST' || isJson(headers['content-type']) || hasCustomHeader(headers)) return undefined;
        return { kind: 'form-post', origin };
      }
      // No Origin: not a browser's cross-origin call, unless Fetch Metadata says it came from another site.
      const site = headers['sec-fetch-site'];
      return site === undefined || site === 'same-origin' || site === 'none' ? undefined : { kind: 'site', site };
    },
    corsHeaders(headers, preflight) {
      const origin = allowedOrigin(headers);
      if (origin === undefined) return { vary: 'Origin' };
      const cors: Record<string, string> = {
        vary: preflight ? 'Origin, Access-Control-Request-Headers' : 'Origin',
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
      };
      if (!preflight) {
        cors['access-control-expose-headers'] = ADMIN_EXPOSED_HEADERS;
        return cors;
      }
      cors['access-control-allow-methods'] = ADMIN_CORS_METHODS;
      const requested = headers['access-control-request-headers'];
      if (requested !== undefined) cors['access-control-allow-headers'] = requested;
      cors['access-control-max-age'] = ADMIN_PREFLIGHT_MAX_AGE;
      return cors;
    },
  };
}

/**
 * The decoded path of a request's URL (as sent) when it is under the admin prefix, percent-encoded or not, and in the
 * absolute form too (`GET http://host/__mock/journal`, RFC 9112 section 3.2.2), which the router reads
 * by its path: a guard that saw only paths starting with `/` let that form through. Undefined for any
 * other URL.
 */
export function adminPathOf(url: string): string | undefined {
  const authority = url.startsWith('/') ? null : /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const target = authority ? url.slice(authority[0].length) || '/' : url;
  const end = target.search(/[?#]/);
  let path = end === -1 ? target : target.slice(0, end);
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
  }
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`) ? path : undefined;
}

/**
 * Why an `/__mock/events` request is no EventSource's, or undefined when it may be one. A stream holds
 * a connection for minutes and closes the oldest dashboard's beyond --max-event-streams, so a page must
 * not open them with `<img>`, `<script>` or a no-cors fetch, which send no Origin and, from a plain-HTTP
 * LAN page, no Fetch Metadata either. EventSource sends `Accept: text/event-stream`, which no tag can;
 * a no-cors fetch can, but then Fetch Metadata (where the browser sends it) names its mode.
 */
export function notAnEventSource(headers: IncomingHttpHeaders): 'accept' | 'no-cors' | undefined {
  if (!/(^|[\s,])text\/event-stream\s*(;|,|$)/i.test(headers.accept ?? '')) return 'accept';
  const mode = headers['sec-fetch-mode'];
  const dest = headers['sec-fetch-dest'];
  if (mode === 'no-cors' || (dest !== undefined && dest !== 'empty')) return 'no-cors';
  return undefined;
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType);
}

function hasCustomHeader(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some((name) => name.startsWith('x-'));
}
