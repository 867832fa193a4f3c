import { Server as HttpServer, type Server, type ServerOptions } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MockResponse } from '../mock-response.js';
import type { ResolvedOptions } from '../options.js';
import { type Problem, problemResponse } from '../problem.js';
import { rawProblemResponse } from './raw-problem.js';
import { checkingInterval, parserHeadBytes, registerSecureLimits } from './secure-limits.js';
import { sendResponse, type Told } from './send-response.js';

/**
 * Fastify and Node HTTP server settings that bound what one client can take: header size, timeouts
 * against clients that trickle bytes, idle keep-alive connections, and Error-shaped answers for what
 * Node rejects before routing.
 */
export function limitServerOptions(options: ResolvedOptions, told?: Told): Partial<FastifyHttpOptions<Server>> {
  const http: ServerOptions = {
    maxHeaderSize: parserHeadBytes(options),
    headersTimeout: options.headersTimeout,
    requestTimeout: options.requestTimeout,
    keepAliveTimeout: options.keepAliveTimeout,
    // Node checks the timeouts every 30 s by default; a short timeout must be enforced promptly.
    connectionsCheckingInterval: checkingInterval(options),
    // The onRequest hook answers a missing Host with an Error body instead of Node's empty 400.
    requireHostHeader: false,
  };
  return {
    http,
    requestTimeout: options.requestTimeout,
    keepAliveTimeout: options.keepAliveTimeout,
    // Idle keep-alive connections are closed at once on close(); busy ones finish their request.
    forceCloseConnections: 'idle',
    clientErrorHandler: (error, socket) => answerClientError(error, socket, options),
    frameworkErrors: (error, _request, reply) => {
      sendResponse(reply, problemResponse({ code: 'MALFORMED_HTTP', params: { details: error.message } }), undefined, told);
    },
  };
}

/** Node-level limits and events with no route. */
export function registerLimits(app: FastifyInstance, options: ResolvedOptions): void {
  const server: Server = app.server;
  server.maxConnections = options.maxConnections;
  if (!((server as unknown) instanceof HttpServer)) registerSecureLimits(server as unknown as Http2SecureServer, options);
  // One more than allowed, so the hook can tell "too many" from "exactly the limit".
  server.maxHeadersCount = options.maxHeaderCount + 1;
  server.on('checkExpectation', (request, response) => {
    const socket = response.socket;
    socket?.write(rawProblemResponse({ code: 'EXPECTATION_FAILED', params: { expect: String(request.headers.expect) } }));
    socket?.destroySoon();
  });
  // CONNECT asks for a tunnel; a mock is not a proxy.
  server.on('connect', (request, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.write(rawProblemResponse({ code: 'NOT_FOUND', params: { method: 'CONNECT', path: request.url ?? '' } }));
    socket.destroySoon();
  });
}

/**
 * Per-request limits Node does not enforce with an answer; true when it answered the request. A URL over
 * the limit is refused by `refuse`, which answers in the document's error shape where the route is known
 * (the path still routes): a client's SDK decodes it with its error type.
 */
export function answerOverLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ResolvedOptions,
  told?: Told,
  refuse?: (request: FastifyRequest, problem: Problem) => MockResponse,
): boolean {
  const problem = requestLimitProblem(request.raw, options);
  if (problem === undefined) return false;
  const shaped = problem.code === 'URI_TOO_LONG' && refuse !== undefined;
  // As Node closes after its own 431: the client sent more than it was allowed (HTTP/1.1: HTTP/2 has no
  // such header, Node warns and drops it).
  if (problem.code === 'HEADERS_TOO_LARGE' && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  sendResponse(reply, shaped ? refuse(request, problem) : problemResponse(problem), undefined, told);
  return true;
}

function requestLimitProblem(
  raw: { url?: string | undefined; rawHeaders: string[]; httpVersion: string; headers: { host?: string | undefined } },
  options: ResolvedOptions,
): Problem | undefined {
  if ((raw.url ?? '').length > options.maxUrlLength) return { code: 'URI_TOO_LONG', params: { limit: options.maxUrlLength } };
  const lines = headerLines(raw.rawHeaders);
  if (lines.count > options.maxHeaderCount) return { code: 'TOO_MANY_HEADERS', params: { limit: options.maxHeaderCount } };
  if (lines.bytes > options.maxHeaderSize) return { code: 'HEADERS_TOO_LARGE', params: { limit: options.maxHeaderSize } };
  if (raw.httpVersion === '1.1' && raw.headers.host === undefined) {
    return { code: 'MALFORMED_HTTP', params: { details: 'an HTTP/1.1 request needs a Host header' } };
  }
  return undefined;
}

/** Node's clientError: the request could not be read. Answer it Error-shaped if the socket still can. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket, options: ResolvedOptions): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem = clientProblem(error, options);
  // Never write into the middle of a response already under way.
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (problem && socket.writable && !started) {
    socket.write(rawProblemResponse(problem));
    // Destroyed once the answer is flushed, not before: destroy() now could drop it.
    socket.destroySoon();
    return;
  }
  socket.destroy();
}

/**
 * A request's header lines: how many, and their bytes as sent (name, colon, space, value, CRLF). HTTP/2's
 * pseudo-headers (`:path`, ...) are its request line, the URL among them: bounded apart, as in HTTP/1.1.
 */
function headerLines(rawHeaders: readonly string[]): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    if (name.startsWith(':')) continue;
    count += 1;
    bytes += name.length + (rawHeaders[i + 1] ?? '').length + 4;
  }
  return { count, bytes };
}

function clientProblem(error: NodeJS.ErrnoException, options: ResolvedOptions): Problem | undefined {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Past both limits at once (parserHeadBytes): the URL's where the bytes read last begin the request
    // and its URL there is over the limit; else the headers' (a URL split over reads is not told apart).
    if (urlOverLimit(error, options.maxUrlLength)) return { code: 'URI_TOO_LONG', params: { limit: options.maxUrlLength } };
    return { code: 'HEADERS_TOO_LARGE', params: { limit: options.maxHeaderSize } };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const details = `send the headers within ${options.headersTimeout} ms and the whole request within ${options.requestTimeout} ms`;
    return { code: 'REQUEST_TIMEOUT', params: { details } };
  }
  if (error.code?.startsWith('HPE_')) {
    const reason = (error as { reason?: unknown }).reason;
    return { code: 'MALFORMED_HTTP', params: { details: typeof reason === 'string' ? reason : error.code } };
  }
  return undefined;
}

/** Whether the packet a head overflow came in begins a request whose URL is longer than `limit`. */
function urlOverLimit(error: NodeJS.ErrnoException, limit: number): boolean {
  const packet = (error as { rawPacket?: unknown }).rawPacket;
  if (!Buffer.isBuffer(packet)) return false;
  const method = /^[A-Z]{1,20} /.exec(packet.subarray(0, 21).toString('latin1'));
  if (method === null) return false;
  const end = packet.indexOf(10);
  const line = packet.subarray(method[0].length, end === -1 ? packet.length : end);
  const space = line.indexOf(32);
  return (space === -1 ? line.length : space) > limit;
}
