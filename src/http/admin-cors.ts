import type { IncomingHttpHeaders } from 'node:http';
import { ADMIN_PREFIX } from '../protocol.js';
import { requestHost } from './host-check.js';

/**
 * Which browser pages may call the mock's own routes (`/__mock/`): its own (the dashboard) and the
 * `--admin-cors` origins. The API keeps its open CORS for frontends; the admin routes show every
 * request the mock has seen and change its behaviour, so a page of any other origin, a form post
 * included, is refused before it reaches them.
 */
export interface AdminOriginPolicy {
  /** True when the request may go on to the admin routes. */
  allows(headers: IncomingHttpHeaders, method: string): boolean;
}

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
    allows(headers, method) {
      if (headers.origin !== undefined) {
        if (allowedOrigin(headers) === undefined) return false;
        // A page of an allowed origin still changes state only with a non-simple request, which no form
        // post or no-cors fetch can send: PUT and DELETE always are; a POST needs JSON or a custom header.
        return method !== 'POST' || isJson(headers['content-type']) || hasCustomHeader(headers);
      }
      // No Origin: not a browser's cross-origin call, unless Fetch Metadata says it came from another site.
      const site = headers['sec-fetch-site'];
      return site === undefined || site === 'same-origin' || site === 'none';
    },
  };
}

/**
 * Whether a request's URL (as sent) is under the admin prefix, percent-encoded or not, and in the
 * absolute form too (`GET http://host/__mock/journal`, RFC 9112 section 3.2.2), which the router reads
 * by its path: a guard that saw only paths starting with `/` let that form through.
 */
export function isAdminUrl(url: string): boolean {
  const authority = url.startsWith('/') ? null : /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const target = authority ? url.slice(authority[0].length) || '/' : url;
  const end = target.search(/[?#]/);
  let path = end === -1 ? target : target.slice(0, end);
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return false;
    }
  }
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType);
}

function hasCustomHeader(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some((name) => name.startsWith('x-'));
}
