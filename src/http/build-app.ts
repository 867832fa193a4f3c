import cors from '@fastify/cors';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { registerAdminRoutes } from '../admin/admin-routes.js';
import type { DataGenerator } from '../generate/data-generator.js';
import type { ResolvedOptions } from '../options.js';
import { ERROR_CODE_HEADER, FINDINGS_HEADER, problemResponse } from '../pipeline/decide-status.js';
import { createPipeline } from '../pipeline/pipeline.js';
import type { Exchange, Problem } from '../pipeline/types.js';
import type { LoadedSpec } from '../spec/load-spec.js';
import { limitServerOptions, registerLimits } from './limits.js';
import { sendResponse } from './send-response.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exchange the pipeline handled, for the log line (and later the journal). */
    exchange: Exchange | undefined;
  }
}

const API_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS', 'TRACE'];

export interface AppParts {
  readonly options: ResolvedOptions;
  readonly spec: LoadedSpec;
  readonly generator: DataGenerator;
}

/** The Fastify app, built apart from listen() so tests can use inject(). */
export async function buildApp({ options, spec, generator }: AppParts): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel, ...(options.logStream ? { stream: options.logStream } : {}), serializers: { req: requestSummary } },
    bodyLimit: options.bodyLimit,
    // The onResponse hook below writes the one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    exposeHeadRoutes: false,
    return503OnClosing: false,
    ...limitServerOptions(options),
  });
  app.decorateRequest('exchange', undefined);
  registerLimits(app, options);

  // Bodies are parsed by the pipeline, after the security check and as data rather than exceptions.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  if (options.cors) {
    await app.register(cors, {
      origin: true,
      credentials: true,
      strictPreflight: false,
      maxAge: 600,
      exposedHeaders: [ERROR_CODE_HEADER, FINDINGS_HEADER, 'www-authenticate', 'allow'],
    });
  }

  registerAdminRoutes(app, { spec });

  const pipeline = createPipeline({ operations: spec.operations, tokens: options.tokens, generator, dynamic: options.dynamic });
  const handle = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const queryAt = request.url.indexOf('?');
    const exchange: Exchange = {
      method: request.method,
      path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
      query: request.query as Exchange['query'],
      headers: request.headers,
      rawBody: Buffer.isBuffer(request.body) ? request.body : undefined,
    };
    request.exchange = exchange;
    const response = pipeline(exchange);
    exchange.response = response;
    return sendResponse(reply, response);
  };
  app.route({ method: options.cors ? API_METHODS.filter((m) => m !== 'OPTIONS') : API_METHODS, url: '/*', handler: handle });
  app.setNotFoundHandler(handle);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = problemOf(error, options.bodyLimit);
    if (problem.code === 'INTERNAL') request.log.error({ err: error }, 'unexpected error');
    return sendResponse(reply, problemResponse(problem));
  });

  app.addHook('onResponse', async (request, reply) => {
    const source = request.exchange?.source ?? '';
    const ms = reply.elapsedTime.toFixed(1);
    request.log.info(`${request.method} ${request.url.split('?', 1)[0]} ${reply.statusCode} ${ms}ms ${source}`.trimEnd());
  });
  return app;
}

function problemOf(error: FastifyError, bodyLimit: number): Problem {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE', params: { limit: bodyLimit } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'INVALID_REQUEST', params: { details: 'the Content-Length header does not match the body' } };
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return { code: 'INVALID_REQUEST', params: { details: error.message } };
      }
      return { code: 'INTERNAL', params: { details: error.message } };
  }
}

/** What a log line may say of a request: never its headers, so a token never reaches a log. */
function requestSummary(request: { method: string; url: string }): { method: string; url: string } {
  return { method: request.method, url: request.url };
}
