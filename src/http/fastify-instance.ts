import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { decideIfUndecided, type Exchange, newExchange } from '../mock/mock-surface.js';
import type { ResolvedOptions } from '../options.js';
import { type Problem, problemResponse } from '../problem.js';
import { lazyAdminValidators } from './admin-validators.js';
import { type Logger, pathOf } from './request-logger.js';
import { sendResponse, type Told } from './send-response.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exchange the pipeline handled, for the log line (and later the journal). */
    exchange: Exchange | undefined;
    /** performance.now() when the request reached the app, before its body was read. */
    startedAt: number;
  }
}

/**
 * A Fastify instance as the mock configures both of its apps, the API's and the admin routes' (see
 * admin-app.ts): bodies kept as bytes, Fastify's own logger off, errors answered from the catalogue.
 */
export function createFastify(
  options: ResolvedOptions,
  log: Logger,
  serverOptions: Partial<FastifyServerOptions> = {},
  told?: Told,
): FastifyInstance {
  const app = Fastify({
    // The mock logs through its own logger (see request-logger.ts), never headers, so never a token.
    logger: false,
    bodyLimit: options.bodyLimit,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    // Admin route schemas reject unknown fields rather than silently dropping them (a typo in a verify
    // filter must not pass); the API's own requests are validated by the pipeline, not by Fastify.
    ajv: { customOptions: { removeAdditional: false, allErrors: true } },
    schemaController: { compilersFactory: { buildValidator: lazyAdminValidators } },
    ...serverOptions,
  });
  // A document may give a GET a request body (Swagger 2.0 body parameters, Azure's query operations):
  // Fastify reads none for GET unless told, and the mock would then call the body missing.
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });
  app.decorateRequest('exchange', undefined);
  app.decorateRequest('startedAt', 0);

  // Bodies are parsed by the pipeline, after the security check and as data rather than exceptions.
  app.removeAllContentTypeParsers();
  const keepBytes = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, keepBytes);
  // Fastify caches the parser it found for a Content-Type, except the catch-all's: named, the usual
  // type is looked up once rather than parsed into a media type on every request.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, keepBytes);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = problemOf(error, options.bodyLimit, request.id, request.headers['content-type']);
    if (problem.code === 'INTERNAL') log.error({ reqId: request.id, err: error }, 'unexpected error');
    const response = problemResponse(problem);
    // Requests that failed before the pipeline saw them (e.g. over the body limit) still reach the journal.
    request.exchange ??= unpipelined(request, {}, undefined);
    decideIfUndecided(request.exchange, { response, provenance: { kind: 'rejected', code: problem.code } });
    return sendResponse(reply, response, undefined, told);
  });
  return app;
}

/** The exchange of a request answered without the pipeline, from what Fastify knows of it. */
export function unpipelined(request: FastifyRequest, query: unknown, body: unknown): Exchange {
  const rawBody = Buffer.isBuffer(body) ? body : undefined;
  return newExchange(request.method, pathOf(request.url), query as Exchange['query'], request.headers, rawBody);
}

/** Fastify's own errors say what was wrong with the request; any other is a bug, whose detail goes to the log only. */
function problemOf(error: FastifyError, bodyLimit: number, requestId: string, contentType: string | undefined): Problem {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'UNSUPPORTED_MEDIA_TYPE', params: { contentType: contentType ?? '(none)', mediaTypes: 'a type/subtype media type' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE', params: { limit: bodyLimit } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'INVALID_REQUEST', params: { details: 'the Content-Length header does not match the body' } };
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return { code: 'INVALID_REQUEST', params: { details: error.message } };
      }
      // The message of an unexpected error may carry a stack or file paths: never answered.
      return { code: 'INTERNAL', params: { details: `the log has the details of request ${requestId}` } };
  }
}
