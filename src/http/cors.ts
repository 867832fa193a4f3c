import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODE_HEADER, FINDINGS_HEADER } from '../protocol.js';
import { sendResponse, type Told } from './send-response.js';

/** What a browser script may read of an answer besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = [ERROR_CODE_HEADER, FINDINGS_HEADER, 'www-authenticate', 'allow'].join(', ');
const ALLOWED_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE';
/** Seconds a browser may cache a preflight answer. */
const PREFLIGHT_MAX_AGE = '600';

/**
 * CORS for browser frontends, any origin, credentials allowed: an answer to a request with an Origin
 * reflects it, and a preflight (an OPTIONS with an Origin and an Access-Control-Request-Method) is
 * answered (204) before routing or security, since a browser's preflight carries no credentials. Any
 * other OPTIONS request is the API's: a document's own OPTIONS operation answers it as documented. Requests without an Origin (servers, SDK tests)
 * get only `Vary: Origin`, for caches.
 *
 * Runs at the start of every request; true when it answered it (a preflight). Written here rather
 * than with @fastify/cors, whose per-request hook copies its options and asks Fastify for the route
 * options twice (a fresh object each time): a measurable share of the request path under load, for a
 * policy that fits in a few lines.
 */
export function applyCors(request: FastifyRequest, reply: FastifyReply, told?: Told): boolean {
  reply.header('vary', 'Origin');
  const origin = request.headers.origin;
  if (origin !== undefined) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
  }
  if (request.method !== 'OPTIONS' || origin === undefined || request.headers['access-control-request-method'] === undefined) {
    if (origin !== undefined) reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    return false;
  }
  answerPreflight(request, reply, told);
  return true;
}

/** The headers applyCors writes on an answer: taken off one the real service made (see build-app.ts). */
const REFLECTED = ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers'];

export function leaveCorsToUpstream(reply: FastifyReply): void {
  for (const name of REFLECTED) reply.removeHeader(name);
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply, told: Told | undefined): void {
  reply.header('access-control-allow-methods', ALLOWED_METHODS);
  const requested = request.headers['access-control-request-headers'];
  reply.header('vary', 'Origin, Access-Control-Request-Headers');
  if (requested !== undefined) reply.header('access-control-allow-headers', requested);
  reply.header('access-control-max-age', PREFLIGHT_MAX_AGE);
  sendResponse(reply, { status: 204, headers: { 'content-length': '0' }, body: undefined }, undefined, told);
}
