import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerAdminRoutes } from '../admin/admin-routes.js';
import { guardAdminRoutes } from '../admin/admin-token.js';
import { createCoverage } from '../contract-coverage/coverage.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { Journal } from '../journal/journal.js';
import { entryOf } from '../journal/record-entry.js';
import { createMetrics } from '../metrics/metrics.js';
import { type LoadedSpec, loadSpec } from '../openapi/load-spec.js';
import type { ResolvedOptions } from '../options.js';
import { createPipeline } from '../pipeline/pipeline.js';
import type { Exchange } from '../pipeline/types.js';
import { type Problem, problemResponse } from '../problem.js';
import { ScenarioEngine } from '../scenarios/scenario-engine.js';
import { fileTarget, watchFiles } from '../scenarios/watch-files.js';
import { StateSimulator } from '../state/simulator.js';
import { lazyAdminValidators } from './admin-validators.js';
import { applyCors } from './cors.js';
import { answerOverLimits, limitServerOptions, registerLimits } from './limits.js';
import { asyncFd } from './log-destination.js';
import { answerLog, createLogger, elapsedMs, pathOf } from './request-logger.js';
import { HeldConnections, sendResponse } from './send-response.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exchange the pipeline handled, for the log line (and later the journal). */
    exchange: Exchange | undefined;
    /** performance.now() when the request reached the app, before its body was read. */
    startedAt: number;
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
  const stdout = options.logStream === undefined && options.logLevel !== 'silent' ? asyncFd(1) : undefined;
  const logStream = options.logStream ?? stdout;
  const log = createLogger(options, logStream);
  const logAnswer = answerLog(log, logStream);
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
    ...limitServerOptions(options),
  });
  app.decorateRequest('exchange', undefined);
  app.decorateRequest('startedAt', 0);
  registerLimits(app, options);
  // One hook for what every request goes through first (one hook costs less than two).
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = performance.now();
    if (answerOverLimits(request, reply, options)) return;
    if (options.cors && applyCors(request, reply)) return;
    done();
  });

  // Bodies are parsed by the pipeline, after the security check and as data rather than exceptions.
  app.removeAllContentTypeParsers();
  const keepBytes = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, keepBytes);
  // Fastify caches the parser it found for a Content-Type, except the catch-all's: named, the usual
  // type is looked up once rather than parsed into a media type on every request.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, keepBytes);

  const scenarios = new ScenarioEngine({
    dirs: options.scenarioDirs,
    defaultScenario: options.scenario,
    sessionIdleTimeout: options.sessionIdleTimeout,
    maxSessions: options.maxSessions,
    seed: options.seed,
    generator,
    dynamic: options.dynamic,
  });
  guardAdminRoutes(app, {
    token: options.adminToken,
    answered: (request, reply) => logAnswer(request, reply.statusCode, elapsedMs(request)),
  });
  const journal = new Journal(options.journalSize);
  const metrics = createMetrics(() => journal.size);
  const coverage = createCoverage(app, { options, operations: spec.operations, catalogue: () => scenarios.catalogue, log });
  const state = new StateSimulator({
    stateful: options.stateful,
    maxResources: options.maxResources,
    dataFile: options.data,
    sessions: scenarios.sessions,
    generator,
  });
  registerAdminRoutes(app, { spec, scenarios, journal, metrics, coverage, state, stateful: options.stateful });

  // The one place the pipeline is swapped: --watch rebuilds it from a reloaded spec and scenario set,
  // and swaps scenarios and pipeline together only once both loaded and checked.
  const assemble = async (current: LoadedSpec) => {
    const loaded = await scenarios.load(current.operations);
    const stateful = await state.load(
      current.operations,
      [...loaded.catalogue.values()].some((s) => s.stateful),
    );
    const { tokens, dynamic } = options;
    const responders = stateful.responder ? [loaded.responder, stateful.responder] : [loaded.responder];
    return { loaded, stateful, pipeline: createPipeline({ operations: current.operations, tokens, generator, dynamic, responders }) };
  };
  const first = await assemble(spec);
  scenarios.use(first.loaded);
  state.use(first.stateful);
  if (options.stateful) {
    const summary = first.stateful.summary;
    log.info(summary.length > 0 ? `stateful resources: ${summary.join('; ')}` : 'stateful: no operation of the document fits a collection');
  }
  let pipeline = first.pipeline;
  if (options.watch) {
    const stop = watchFiles([fileTarget(options.spec), ...options.scenarioDirs.map((dir) => ({ dir }))], async () => {
      try {
        const next = await assemble(await loadSpec(options.spec));
        scenarios.use(next.loaded);
        state.use(next.stateful);
        pipeline = next.pipeline;
        log.info('reloaded the spec and scenarios');
      } catch (error) {
        log.warn(`reload failed, still serving the last good version: ${(error as Error).message}`);
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
    // Fastify sends a handler's return value: an answer already sent must not be returned.
    return sent instanceof Promise ? sent : undefined;
  };
  app.route({ method: API_METHODS, url: '/*', handler: handle });
  app.setNotFoundHandler(handle);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = problemOf(error, options.bodyLimit, request.id);
    if (problem.code === 'INTERNAL') log.error({ reqId: request.id, err: error }, 'unexpected error');
    const response = problemResponse(problem);
    // Requests that failed before the pipeline saw them (e.g. over the body limit) still reach the journal.
    request.exchange ??= unpipelined(request, {}, undefined);
    const exchange = request.exchange;
    if (exchange.rejection === undefined && exchange.source === undefined) exchange.rejection = problem.code;
    exchange.response ??= response;
    return sendResponse(reply, response);
  });

  /** Every answer to the API (and every fault, as status 0): its log line, journal entry and metrics. */
  app.decorate('answered', (request: FastifyRequest, reply: FastifyReply, status: number) => {
    // The mock's own endpoints log from their own hook and are neither journalled nor counted.
    if (request.adminRoute) return;
    const elapsed = elapsedMs(request);
    logAnswer(request, status, elapsed);
    if (journal.capacity > 0) {
      // Requests the pipeline never saw (a preflight, one over the limits) are journalled with what is known.
      const exchange = request.exchange ?? unpipelined(request, request.query ?? {}, request.body);
      journal.record(entryOf(exchange, status, reply.getHeaders(), elapsed));
    }
    metrics.observe({ exchange: request.exchange, status, seconds: elapsed / 1000 });
    coverage.record(request.exchange, status);
  });
  return app;
}

/** The exchange of a request answered without the pipeline, from what Fastify knows of it. */
function unpipelined(request: FastifyRequest, query: unknown, body: unknown): Exchange {
  const rawBody = Buffer.isBuffer(body) ? body : undefined;
  return { method: request.method, path: pathOf(request.url), query: query as Exchange['query'], headers: request.headers, rawBody };
}

/** Fastify's own errors say what was wrong with the request; any other is a bug, whose detail goes to the log only. */
function problemOf(error: FastifyError, bodyLimit: number, requestId: string): Problem {
  switch (error.code) {
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
