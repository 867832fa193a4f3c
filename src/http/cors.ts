import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MockResponse } from '../mock-response.js';
import { ERROR_CODE_HEADER, FINDINGS_HEADER } from '../protocol.js';
import { sendResponse, type Told } from './send-response.js';

/** What a browser script may read of an answer besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = [ERROR_CODE_HEADER, FINDINGS_HEADER, 'www-authenticate', 'allow'].join(', ');
const ALLOWED_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE';
/** Seconds a browser may cache a preflight answer. */
const PREFLIGHT_MAX_AGE = '600';

/** The API's CORS: the headers of every answer, a preflight's answer, and what becomes of the real service's. */
export interface CorsPolicy {
  /** Writes the CORS headers of the request's answer; true when it answered the request itself (a preflight). */
  apply(request: FastifyRequest, reply: FastifyReply, told?: Told): boolean;
  /** The answer the real service gave (through the proxy), with the CORS it may carry. */
  proxied(reply: FastifyReply, response: MockResponse): MockResponse;
}

/**
 * CORS for browser frontends. Without `--cors-origin` (`origins` empty): any origin, credentials
 * allowed, on what the mock makes up, while the real service's answers keep its own CORS headers (the
 * mock's would open a service behind the developer's VPN to every page). With a list: only a listed
 * Origin is allowed (with credentials), `*` allows any without credentials, and the list applies to
 * the real service's answers too, in place of its own headers.
 *
 * A preflight (an OPTIONS with an Origin and an Access-Control-Request-Method) is answered (204)
 * before routing or security, since a browser's preflight carries no credentials. Any other OPTIONS
 * request is the API's: a document's own OPTIONS operation answers it as documented. Requests without
 * an Origin (servers, SDK tests) get only `Vary: Origin`, for caches. Written here rather than with
 * @fastify/cors, whose per-request hook copies its options and asks Fastify for the route options
 * twice: a measurable share of the request path under load, for a policy that fits in a few lines.
 */
export function createCorsPolicy(origins: readonly string[], proxying: () => boolean = () => false): CorsPolicy {
  const listed = new Set(origins.filter((origin) => origin !== '*').map((origin) => origin.toLowerCase()));
  const anyOrigin = origins.includes('*');
  const explicit = origins.length > 0;
  /** The Access-Control-Allow-Origin for an Origin, and whether credentials go with it; undefined: none. */
  const allowed = (origin: string): { value: string; credentials: boolean } | undefined => {
    if (!explicit || listed.has(origin.toLowerCase())) return { value: origin, credentials: true };
    return anyOrigin ? { value: '*', credentials: false } : undefined;
  };
  /**
   * A preflight is answered before the mock knows whether the real service will take the request: with
   * `--proxy` and no list, approving any page's preflight would let it send a DELETE or a JSON body with
   * its own headers to a service behind the developer's VPN. Only pages served from this machine (a
   * frontend's dev server) get their preflights approved then; `--cors-origin` names others.
   */
  const preflightAllowed = (origin: string) =>
    proxying() && !explicit ? (isLoopbackOrigin(origin) ? allowed(origin) : undefined) : allowed(origin);
  return {
    apply(request, reply, told) {
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      if (origin === undefined) return false;
      // Decided before anything is written: a refused preflight carries no Access-Control-Allow-* at all.
      const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      const allow = preflight ? preflightAllowed(origin) : allowed(origin);
      if (allow !== undefined) {
        reply.header('access-control-allow-origin', allow.value);
        if (allow.credentials) reply.header('access-control-allow-credentials', 'true');
      }
      if (!preflight) {
        if (allow !== undefined) reply.header('access-control-expose-headers', EXPOSED_HEADERS);
        return false;
      }
      answerPreflight(request, reply, allow !== undefined, told);
      return true;
    },
    proxied(reply, response) {
      if (!explicit) {
        for (const name of WRITTEN) reply.removeHeader(name);
        return response;
      }
      // The operator's list speaks for the service: its own Access-Control-* headers are left off.
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) if (!name.startsWith('access-control-')) headers[name] = value;
      const vary = headers.vary;
      if (vary !== undefined && !/(^|,)\s*(origin|\*)\s*(,|$)/i.test(vary)) headers.vary = `${vary}, Origin`;
      return { ...response, headers };
    },
  };
}

/** An origin on this machine: `localhost` (or a name under it), 127.0.0.0/8 or [::1], any scheme and port. */
export function isLoopbackOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The headers `apply` writes on an answer: taken off one the real service made, by default. */
const WRITTEN = ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers'];

function answerPreflight(request: FastifyRequest, reply: FastifyReply, allowed: boolean, told: Told | undefined): void {
  reply.header('vary', 'Origin, Access-Control-Request-Headers');
  if (allowed) {
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    const requested = request.headers['access-control-request-headers'];
    if (requested !== undefined) reply.header('access-control-allow-headers', requested);
    reply.header('access-control-max-age', PREFLIGHT_MAX_AGE);
  }
  sendResponse(reply, { status: 204, headers: { 'content-length': '0' }, body: undefined }, undefined, told);
}
