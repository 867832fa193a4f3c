import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { registerAdminRoutes } from '../admin/admin-routes.js';
import { guardAdminRoutes } from '../admin/admin-token.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { Journal } from '../journal/journal.js';
import { entryOf } from '../journal/record-entry.js';
import { createMetrics } from '../metrics/metrics.js';
import type { ResolvedOptions } from '../options.js';
import { problemResponse } from '../pipeline/decide-status.js';
import { createPipeline } from '../pipeline/pipeline.js';
import type { Exchange, Problem } from '../pipeline/types.js';
import { ScenarioEngine } from '../scenarios/scenario-engine.js';
import { fileTarget, watchFiles } from '../scenarios/watch-files.js';
import { type LoadedSpec, loadSpec } from '../spec/load-spec.js';
import { registerCors } from './cors.js';
import { limitServerOptions, registerLimits } from './limits.js';
import { asyncStdout } from './log-destination.js';
import { lazyChildLogger, logAccess } from './request-logger.js';
import { HeldConnections, sendResponse } from './send-response.js';

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
  const stdout = options.logStream === undefined && options.logLevel !== 'silent' ? asyncStdout() : undefined;
  const logStream = options.logStream ?? stdout;
  const app = Fastify({
    logger: { level: options.logLevel, ...(logStream ? { stream: logStream } : {}), serializers: { req: requestSummary } },
    bodyLimit: options.bodyLimit,
    // The onResponse hook below writes the one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    // Admin route schemas reject unknown fields rather than silently dropping them (a typo in a verify
    // filter must not pass); the API's own requests are validated by the pipeline, not by Fastify.
    ajv: { customOptions: { removeAdditional: false, allErrors: true } },
    ...limitServerOptions(options),
  });
  app.decorateRequest('exchange', undefined);
  registerLimits(app, options);

  // Bodies are parsed by the pipeline, after the security check and as data rather than exceptions.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  if (options.cors) registerCors(app);

  const scenarios = new ScenarioEngine({
    dirs: options.scenarioDirs,
    defaultScenario: options.scenario,
    sessionIdleTimeout: options.sessionIdleTimeout,
    maxSessions: options.maxSessions,
    seed: options.seed,
    generator,
    dynamic: options.dynamic,
  });
  guardAdminRoutes(app, options.adminToken);
  const journal = new Journal(options.journalSize);
  const metrics = createMetrics(() => journal.size);
  registerAdminRoutes(app, { spec, scenarios, journal, metrics });

  // The one place the pipeline is swapped: --watch rebuilds it from a reloaded spec and scenario set,
  // and swaps scenarios and pipeline together only once both loaded and checked.
  const assemble = async (current: LoadedSpec) => {
    const loaded = await scenarios.load(current.operations);
    const { tokens, dynamic } = options;
    return {
      loaded,
      pipeline: createPipeline({ operations: current.operations, tokens, generator, dynamic, responders: [loaded.responder] }),
    };
  };
  const first = await assemble(spec);
  scenarios.use(first.loaded);
  let pipeline = first.pipeline;
  if (options.watch) {
    const stop = watchFiles([fileTarget(options.spec), ...options.scenarioDirs.map((dir) => ({ dir }))], async () => {
      try {
        const next = await assemble(await loadSpec(options.spec));
        scenarios.use(next.loaded);
        pipeline = next.pipeline;
        app.log.info('reloaded the spec and scenarios');
      } catch (error) {
        app.log.warn(`reload failed, still serving the last good version: ${(error as Error).message}`);
      }
    });
    app.addHook('onClose', async () => stop());
  }
  // Last, after everything else closing has logged: what the log still holds goes out.
  if (stdout) app.addHook('onClose', () => stdout.flush());
  const held = new HeldConnections();
  app.addHook('preClose', async () => held.close());
  const handle = (request: FastifyRequest, reply: FastifyReply): Promise<unknown> | undefined => {
    const exchange: Exchange = {
      method: request.method,
      path: pathOf(request.url),
      query: request.query as Exchange['query'],
      headers: request.headers,
      rawBody: Buffer.isBuffer(request.body) ? request.body : undefined,
    };
    request.exchange = exchange;
    const response = pipeline(exchange);
    exchange.response = response;
    const sent = sendResponse(reply, response, held);
    if (response.fault !== undefined && response.fault !== 'malformed-json') {
      // A fault hijacks the socket, so onResponse never runs for it: record it once it happened.
      return Promise.resolve(sent).then(() => observe(request, reply, 0));
    }
    // Fastify sends a handler's return value: an answer already sent must not be returned.
    return sent instanceof Promise ? sent : undefined;
  };
  app.route({ method: options.cors ? API_METHODS.filter((m) => m !== 'OPTIONS') : API_METHODS, url: '/*', handler: handle });
  app.setNotFoundHandler(handle);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = problemOf(error, options.bodyLimit);
    if (problem.code === 'INTERNAL') request.log.error({ err: error }, 'unexpected error');
    const response = problemResponse(problem);
    // Requests that failed before the pipeline saw them (e.g. over the body limit) still reach the journal.
    request.exchange ??= {
      method: request.method,
      path: pathOf(request.url),
      query: {},
      headers: request.headers,
      rawBody: undefined,
    };
    request.exchange.source ??= `rejected ${problem.code}`;
    request.exchange.response ??= response;
    return sendResponse(reply, response);
  });

  /** Journal and metrics for a request to the API; `status` 0 means no HTTP answer (a scenario's fault). */
  const observe = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    // The mock's own endpoints are neither journalled nor counted: they are not what the consumer sent the API.
    if (request.adminRoute) return;
    if (journal.capacity > 0) {
      const entry = entryOf(request, reply, request.exchange);
      journal.record(status === 0 ? { ...entry, status, responseHeaders: {}, responseBody: undefined } : entry);
    }
    metrics.observe({ exchange: request.exchange, status, seconds: reply.elapsedTime / 1000 });
  };
  app.addHook('onResponse', (request, reply, done) => {
    const exchange = request.exchange;
    logAccess(app.log, request, reply, exchange === undefined ? pathOf(request.url) : exchange.path, exchange?.source ?? '');
    observe(request, reply, reply.statusCode);
    done();
  });
  return app;
}

function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
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
