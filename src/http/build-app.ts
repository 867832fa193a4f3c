import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerAdminRoutes } from '../admin/admin-routes.js';
import { createCoverage } from '../contract-coverage/coverage.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { Journal } from '../journal/journal.js';
import { entryOf } from '../journal/record-entry.js';
import { createMetrics } from '../metrics/metrics.js';
import { type LoadedSpec, loadSpec } from '../openapi/load-spec.js';
import type { ResolvedOptions } from '../options.js';
import { createPipeline } from '../pipeline/pipeline.js';
import type { Exchange } from '../pipeline/types.js';
import { ScenarioEngine } from '../scenarios/scenario-engine.js';
import { fileTarget, watchFiles } from '../scenarios/watch-files.js';
import { StateSimulator } from '../state/simulator.js';
import { mountAdmin } from './admin-app.js';
import { applyCors } from './cors.js';
import { createFastify, unpipelined } from './fastify-instance.js';
import { answerOverLimits, limitServerOptions, registerLimits } from './limits.js';
import { asyncFd } from './log-destination.js';
import { answerLog, createLogger, elapsedMs, pathOf } from './request-logger.js';
import { HeldConnections, sendResponse } from './send-response.js';

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
  const app = createFastify(options, log, limitServerOptions(options));
  registerLimits(app, options);
  // One hook for what every request goes through first (one hook costs less than two).
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = performance.now();
    if (answerOverLimits(request, reply, options)) return;
    if (options.cors && applyCors(request, reply)) return;
    done();
  });

  const scenarios = new ScenarioEngine({
    dirs: options.scenarioDirs,
    defaultScenario: options.scenario,
    sessionIdleTimeout: options.sessionIdleTimeout,
    maxSessions: options.maxSessions,
    seed: options.seed,
    generator,
    dynamic: options.dynamic,
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
  mountAdmin(app, {
    options,
    log,
    answered: (request, reply) => logAnswer(request, reply.statusCode, elapsedMs(request)),
    routes: (admin) => registerAdminRoutes(admin, { spec, scenarios, journal, metrics, coverage, state, stateful: options.stateful }),
  });

  // The one place the pipeline is swapped: --watch rebuilds it from a reloaded spec, scenario set and
  // seed data, and swaps them together only once all are loaded and checked.
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
    const files = [options.spec, ...(options.data === undefined ? [] : [options.data])].map(fileTarget);
    const stop = watchFiles([...files, ...options.scenarioDirs.map((dir) => ({ dir }))], async () => {
      try {
        const next = await assemble(await loadSpec(options.spec));
        scenarios.use(next.loaded);
        state.use(next.stateful);
        pipeline = next.pipeline;
        log.info(options.data === undefined ? 'reloaded the spec and scenarios' : 'reloaded the spec, scenarios and data file');
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

  /** Every answer to the API (and every fault, as status 0): its log line, journal entry and metrics. */
  app.decorate('answered', (request: FastifyRequest, reply: FastifyReply, status: number) => {
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
