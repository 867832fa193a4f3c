import { rm } from 'node:fs/promises';
import { METHODS, type Server } from 'node:http';
import { isatty } from 'node:tty';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { createMock, type Mock } from '../mock/create-mock.js';
import { createMountedMock } from '../mock/create-mounted-mock.js';
import { type DataGenerator, type Exchange, type LoadedSpec, newExchange, type Responder } from '../mock/mock-surface.js';
import type { MountedSpec } from '../mock/mount-documents.js';
import type { MockResponse } from '../mock-response.js';
import type { ResolvedOptions } from '../options.js';
import type { Problem } from '../problem.js';
import { answerOf } from '../provenance.js';
import { startTracing } from '../tracing/tracing.js';
import { mountAdmin } from './admin-app.js';
import { createBrowserGuard } from './browser-guard.js';
import { proxiedClient } from './client-gone.js';
import { createCorsPolicy } from './cors.js';
import { createFastify, unpipelined } from './fastify-instance.js';
import { HeldConnections } from './held-connections.js';
import { answerOverLimits, limitServerOptions, registerLimits } from './limits.js';
import { asyncFd } from './log-destination.js';
import { prettyAnswerLog, prettyStream, wantsPrettyLog } from './pretty-log.js';
import { sentHeaders } from './reply-headers.js';
import { answerLog, createLogger, elapsedMs, pathOf } from './request-logger.js';
import { endRequestTrace, startRequestTrace } from './request-tracing.js';
import { clientSubject, secureConnections, secureServerOptions } from './secure-server.js';
import { sendResponse, type Told } from './send-response.js';
import type { TlsSetup } from './tls-options.js';

const API_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS', 'TRACE'];

/**
 * The methods the API's route answers: the usual ones, and any other the document's operations use
 * (OpenAPI 3.2's QUERY and `additionalOperations`) that Node's HTTP parser knows, with a body
 * (Fastify reads no body of a method it takes as bodyless). A method Node cannot parse never arrives.
 */
function apiMethods(app: FastifyInstance, spec: LoadedSpec): string[] {
  const methods = new Set(API_METHODS);
  for (const { method } of spec.operations) {
    if (methods.has(method) || !METHODS.includes(method)) continue;
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
    methods.add(method);
  }
  return [...methods];
}

export interface AppParts {
  readonly options: ResolvedOptions;
  readonly spec: LoadedSpec;
  /** Several documents (or one at a base path other than `/`), each with where it is served; `spec` is the first. */
  readonly documents?: readonly MountedSpec[];
  readonly generator: DataGenerator;
  /** Responders asked after the scenarios and the stateful simulator (see createMock). */
  readonly responders?: readonly Responder[];
  /** Serve HTTPS (HTTP/2 with HTTP/1.1 fallback) with this material. */
  readonly tls?: TlsSetup;
}

/** A mock adapted to Fastify; the app is built apart from listen() so tests can use inject(). */
export interface MockApp {
  readonly app: FastifyInstance;
  readonly mock: Mock;
  /** Cuts every connection at once: the shutdown deadline, once in-flight requests had their time. */
  closeConnections(): void;
  /** After the app closed: what the mock could not write on closing (report files, recordings). */
  unsaved(): readonly string[];
}

/**
 * The HTTP side of a mock: the mock itself (createMock) knows no Fastify; this adapts it: routes,
 * limits, CORS, the body as bytes, the reply, the log line, and the admin routes built on first use.
 */
export async function buildApp({ options, spec, documents, generator, responders, tls }: AppParts): Promise<MockApp> {
  const stdout = options.logStream === undefined && options.logLevel !== 'silent' ? asyncFd(1) : undefined;
  const given = options.logStream ?? stdout;
  const pretty = given !== undefined && wantsPrettyLog(options);
  const logStream = pretty ? await prettyStream(given, stdout !== undefined && isatty(1)) : given;
  const log = createLogger(options, logStream);
  const logAnswer = pretty && logStream ? prettyAnswerLog(log, logStream) : answerLog(log, logStream);
  // Off unless asked: then the OpenTelemetry SDK is loaded, once per server (docs/tracing.md).
  const tracing = options.otelEndpoint === undefined ? undefined : await startTracing({ endpoint: options.otelEndpoint, ...options.otel });
  /**
   * Every answer to the API (and every fault, as status 0), once written, with the body text sent: its
   * log line, then what the HTTP side sent handed to the mock (journal entry, metrics, coverage).
   */
  const told: Told = (reply, status, text) => {
    const request = reply.request;
    const elapsed = elapsedMs(request);
    logAnswer(request, status, elapsed);
    const seen = request.exchange;
    // Requests the pipeline never saw (a preflight, one over the limits) are journalled with what is known.
    const exchange = seen ?? unpipelined(request, request.query ?? {}, request.body);
    mock.answered(exchange, seen !== undefined, status, elapsed, sentHeaders(reply), text);
    if (tracing) endRequestTrace(tracing, request, exchange, status);
  };
  const app = createFastify(
    options,
    log,
    { ...limitServerOptions(options, told), ...(tls ? secureServerOptions(tls, options.headersTimeout) : {}) },
    told,
  );
  registerLimits(app, options);
  const guard = createBrowserGuard(options, told);
  const cors = options.cors ? createCorsPolicy(options.corsOrigins ?? [], () => mock.proxy !== undefined) : undefined;
  // One hook for what every request goes through first (one hook costs less than two).
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = performance.now();
    if (answerOverLimits(request, reply, options, told, refuse)) return;
    if (guard(request, reply)) return;
    if (cors?.apply(request, reply, told)) return;
    // Fastify fails a QUERY without a Content-Type before any handler (RFC 10008 §2) with its own 400;
    // the pipeline decides instead: 405 with Allow where the path has no QUERY, the document's rejection where it has.
    // Fastify also answers its own 415 to a Content-Type it cannot parse (`Content-Type:` empty) even
    // when no body comes: with nothing to parse, a bodiless request goes to the pipeline as it is.
    if ((request.method === 'QUERY' && request.headers['content-type'] === undefined) || typedWithoutBody(request)) {
      handle(request, reply)?.catch((error: unknown) => reply.send(error));
      return;
    }
    done();
  });

  // The server's own port (none until it listens): callbacks are kept from driving it.
  const ownPorts = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? [address.port] : [];
  };
  const mock = await (documents
    ? createMountedMock({ options, documents, generator, log, responders, ownPorts, tracing })
    : createMock({ options, spec, generator, log, responders, ownPorts, tracing })
  ).catch(async (error: unknown) => {
    await tracing?.close();
    throw error;
  });
  mountAdmin(app, {
    options,
    log,
    answered: (request, reply) => logAnswer(request, reply.statusCode, elapsedMs(request)),
    // Loaded with the admin app, on the first admin request: a start answers its first API request without them.
    routes: async (admin) =>
      (await import('../admin/admin-routes.js')).registerAdminRoutes(admin, mock, {
        maxEventStreams: eventStreamCap(options),
        mcp: { inject: (request) => app.inject(request as InjectOptions), adminToken: options.adminToken, include: options.mcpInclude },
      }),
  });
  let unsaved: readonly string[] = [];
  app.addHook('onClose', async () => {
    unsaved = await mock.close();
    // After the mock: the spans of the callbacks it cancelled or finished go out too.
    const untraced = await tracing?.close();
    if (untraced !== undefined) log.warn(`could not send the last traces: ${untraced}`);
  });
  // The generated CA's temporary folder goes with the server: nothing of it is left behind.
  const temporaryDir = tls?.temporaryDir;
  if (temporaryDir !== undefined) app.addHook('onClose', () => rm(temporaryDir, { recursive: true, force: true }));
  // Last, after everything else closing has logged: what the log still holds goes out.
  if (stdout) app.addHook('onClose', () => stdout.flush());
  const proxying = mock.proxy !== undefined;
  const held = new HeldConnections();
  app.addHook('preClose', async () => held.close());
  const secure = tls ? secureConnections(app.server) : undefined;
  if (secure) app.addHook('preClose', async () => secure.goAway());
  function refuse(request: FastifyRequest, problem: Problem): MockResponse {
    return mock.refuse(
      newExchange(request.method, pathOf(request.url), request.query as Exchange['query'], request.headers, undefined),
      problem,
    );
  }
  function handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown> | undefined {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : undefined;
    const exchange = newExchange(
      request.method,
      pathOf(request.url),
      request.query as Exchange['query'],
      request.headers,
      rawBody,
      tls?.clientCa !== undefined ? clientSubject(request.raw) : undefined,
      proxying ? proxiedClient(request.ip, request.protocol, reply.raw) : undefined,
      tracing ? startRequestTrace(tracing, request) : undefined,
    );
    request.exchange = exchange;
    const response = mock.answer(exchange);
    // Fastify sends a handler's return value: an answer already sent must not be returned.
    if (response instanceof Promise) return response.then((decided) => sendResponse(reply, corsOf(exchange, reply, decided), held, told));
    const sent = sendResponse(reply, corsOf(exchange, reply, response), held, told);
    return sent instanceof Promise ? sent : undefined;
  }
  /**
   * The real service's answer is readable cross-origin only as the real service (or `--cors-origin`)
   * says: the mock's own open CORS, fit for made-up data, would open a service behind the developer's
   * VPN to every page.
   */
  function corsOf(exchange: Exchange, reply: FastifyReply, response: MockResponse): MockResponse {
    return proxying && cors && answerOf(exchange.answer?.provenance)?.kind === 'proxied' ? cors.proxied(reply, response) : response;
  }
  app.route({ method: apiMethods(app, spec), url: '/*', handler: handle });
  app.setNotFoundHandler(handle);

  return {
    app,
    mock,
    closeConnections: () => (secure ? secure.destroy() : (app.server as Server).closeAllConnections()),
    unsaved: () => unsaved,
  };
}

/**
 * Streams count against --max-connections like any connection; at most half of them may be streams,
 * so however the two limits are set, dashboards never take the connections the API needs.
 */
export function eventStreamCap(options: Pick<ResolvedOptions, 'maxEventStreams' | 'maxConnections'>): number {
  return Math.max(1, Math.min(options.maxEventStreams, Math.floor(options.maxConnections / 2)));
}

/** A request of the API (not of the admin routes) with a Content-Type and no body: no length above zero, no chunks. */
function typedWithoutBody(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['content-type'] === undefined || headers['transfer-encoding'] !== undefined) return false;
  if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
  return request.is404 || request.routeOptions.url === '/*';
}
