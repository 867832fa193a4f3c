import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedOptions } from '../options.js';
import { type Problem, problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { type AdminRefusal, adminPathOf, createAdminOriginPolicy, notAnEventSource } from './admin-cors.js';
import { createHostCheck, isLoopbackAddress, requestHost } from './host-check.js';
import { sendResponse, type Told } from './send-response.js';

/** The journal's event stream, which only an EventSource may open. */
const EVENTS_PATH = `${ADMIN_PREFIX}/events`;
/** Longest part of a refused Host or Origin the answer repeats. */
const SHOWN = 100;

/**
 * What keeps web pages from reading or driving the mock (SECURITY.md): the Host allow-list for every
 * request, then, for the admin routes, the origin policy and their one body format (JSON). Runs first
 * in every request; true when it answered (refused) the request.
 */
export function createBrowserGuard(options: ResolvedOptions, told?: Told): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const hostAllowed = createHostCheck(options.allowedHosts, !isLoopbackAddress(options.host));
  const admin = createAdminOriginPolicy(options.adminCors);
  const refuse = (reply: FastifyReply, problem: Problem) => {
    sendResponse(reply, problemResponse(problem), undefined, told);
    return true;
  };
  return (request, reply) => {
    const headers = request.headers;
    const host = requestHost(headers);
    if (!hostAllowed(host)) return refuse(reply, { code: 'HOST_NOT_ALLOWED', params: { host: shown(host) } });
    const adminPath = adminPathOf(request.url);
    if (adminPath === undefined) return false;
    const refusal = admin.refusal(headers, request.method);
    if (refusal !== undefined) return refuse(reply, { code: 'ADMIN_ORIGIN_REFUSED', params: refusalWords(refusal) });
    if (adminPath === EVENTS_PATH && request.method === 'GET') {
      const why = notAnEventSource(headers);
      if (why === 'accept')
        return refuse(reply, {
          code: 'NOT_ACCEPTABLE',
          params: { accept: shown(headers.accept ?? '(none)'), mediaTypes: 'text/event-stream' },
        });
      if (why === 'no-cors')
        return refuse(reply, {
          code: 'ADMIN_ORIGIN_REFUSED',
          params: {
            refused: `A request of Sec-Fetch-Mode ${shown(headers['sec-fetch-mode'] ?? '')} and Sec-Fetch-Dest ${shown(headers['sec-fetch-dest'] ?? '')}`,
            remedy: 'open the event stream with an EventSource',
          },
        });
    }
    // The admin routes' own preflight, answered whatever the API's CORS (--no-cors included).
    if (request.method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined) {
      sendResponse(
        reply,
        { status: 204, headers: { ...admin.corsHeaders(headers, true), 'content-length': '0' }, body: undefined },
        undefined,
        told,
      );
      return true;
    }
    if (hasBody(request) && !isJsonType(headers['content-type']))
      return refuse(reply, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        params: { contentType: shown(headers['content-type'] ?? '(none)'), mediaTypes: 'application/json' },
      });
    return false;
  };
}

/** Whether a body comes with the request (a length above zero, chunks, or HTTP/2 DATA). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')) return true;
  // HTTP/2 needs no Content-Length: a body is any DATA after the headers, which did not end the stream.
  const stream = (request.raw as { stream?: { endAfterHeaders?: boolean } }).stream;
  return stream !== undefined && stream.endAfterHeaders === false && length !== '0';
}

function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^\s*application\/json\s*(;|$)/i.test(contentType);
}

/** What ADMIN_ORIGIN_REFUSED says was refused, as the request showed it, and how to be let in. */
function refusalWords(refusal: AdminRefusal): { refused: string; remedy: string } {
  if (refusal.kind === 'origin') return { refused: `Pages of ${shown(refusal.origin)}`, remedy: 'allow the origin with --admin-cors' };
  if (refusal.kind === 'form-post')
    return { refused: `A form post from ${shown(refusal.origin)}`, remedy: 'send JSON (Content-Type: application/json) or an X- header' };
  return {
    refused: `A request without an Origin from a ${shown(refusal.site)} page (Sec-Fetch-Site)`,
    remedy: "call from the mock's own pages or an --admin-cors origin, or from outside a browser",
  };
}

function shown(value: string | undefined): string {
  const text = JSON.stringify(value ?? '');
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}..."` : text;
}
