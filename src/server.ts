import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { injectFetch } from './client/inject-fetch.js';
import { createSession, type MockSession } from './client/session-handle.js';
import { MockConfigError } from './config-error.js';
import { type CoverageReport, coverageReport } from './contract-coverage/coverage-report.js';
import type { DocumentSource } from './document-source.js';
import { DataGenerator } from './generate/data-generator.js';
import { buildApp } from './http/build-app.js';
import { asSocketWouldDeliver } from './http/inject-response.js';
import { tlsSetup } from './http/tls-options.js';
import { checkExamplesSoon, loadSpec } from './load/load-spec.js';
import { documentOverlays } from './load/overlay-document.js';
import { mountDocuments } from './mock/mount-documents.js';
import { type StartUpProgress, startUpProgress, withinStartUpBound } from './openapi/start-up-bound.js';
import { type MockServerOptions, type ResolvedOptions, resolveOptions } from './options.js';

export interface MockServer {
  /** The validated, frozen options this server runs with. */
  readonly options: ResolvedOptions;
  /** The documents served, each with its name and base path (one, at `/`, unless several were given). */
  readonly documents: readonly ServedDocument[];
  /** Base URL once listening (e.g. `http://127.0.0.1:4010`, `https://` with TLS), undefined before. */
  readonly url: string | undefined;
  /** With `tls`: the CA of the generated certificate, as a file (`caFile`) and as PEM, for clients to trust; undefined without TLS. */
  readonly tls: { readonly caFile?: string; readonly caCertificate?: string } | undefined;
  /** Starts listening on options.host:options.port; resolves to the base URL. */
  listen(): Promise<string>;
  /** Sends a request in-process, without a socket (Fastify's inject); any method a document declares (QUERY, PURGE, ...). */
  inject(request: MockInjectOptions | string): Promise<LightMyRequestResponse>;
  /**
   * A handle on a fresh session (or the given id): its own scenario choice, state and journal, with a
   * fetch that carries its header. Through inject() until the server listens, over the socket after.
   */
  session(id?: string): MockSession;
  /**
   * Stops accepting connections, closes idle ones, lets in-flight requests finish (up to `shutdownTimeout`),
   * writes the coverage report and recordings when asked, then resolves to what could not be written
   * (`unsaved`, each a sentence; also logged as warnings). Closing itself never fails for it.
   */
  close(): Promise<CloseOutcome>;
  /**
   * Contract coverage so far (what GET /__mock/coverage answers), of every request or of one `X-Mock-Session`;
   * with several documents, of the one `spec` names (default: the first).
   */
  coverage(options?: { readonly session?: string; readonly spec?: string }): CoverageReport;
}

/** One document a server serves: what `?spec=` calls it, where it is mounted, and its file. */
export interface ServedDocument {
  readonly name: string;
  readonly base: string;
  readonly file: string;
}

/**
 * How long after listening background preparation begins: the first requests (the health checks of a
 * launcher waiting for the port) are answered first, not after a large operation's compile, which no
 * slice can cut (on openai's document the first one loads the data generator's libraries, ~0.3 s).
 */
const PREPARE_AFTER_MS = 250;

/** Creates a mock server for an OpenAPI document. Throws MockConfigError for bad options or a bad spec. */
export async function createMockServer(input: MockServerOptions = {}): Promise<MockServer> {
  const options = resolveOptions(input);
  const progress = startUpProgress();
  const building = build(options, progress);
  const { spec, documents, tls, app, mock, closeConnections, unsaved } = await withinStartUpBound(
    building,
    options.startupTimeout,
    progress,
  ).catch((error: unknown) => {
    // Given up on: what is still being built is closed once it is, so that nothing of it lingers.
    building.then(({ app }) => app.close()).catch(() => undefined);
    throw error;
  });
  // Up front, or once listening (see Mock.prepare); meanwhile a server that only injects checks its examples soon.
  if (options.warm) await mock.prepare();
  const dropSweep = options.warm ? undefined : checkExamplesSoon(...(documents ?? [{ spec }]).map((document) => document.spec));
  let url: string | undefined;
  const served = Object.freeze(mock.documents.map(({ mount, spec: { path } }) => Object.freeze({ ...mount, file: path })));
  return {
    options,
    tls: tls && { caFile: tls.caFile, caCertificate: tls.caCertificate },
    documents: served,
    get url() {
      return url;
    },
    async listen() {
      // Listening, the server's preparation checks the same examples once its first requests are answered
      // (PREPARE_AFTER_MS): a sweep not yet begun is left to it, not run while a launcher's first call waits.
      dropSweep?.();
      await app.listen({ port: options.port, host: options.host });
      url = baseUrl(app, options.host, tls === undefined ? 'http' : 'https');
      void mock.prepare(PREPARE_AFTER_MS);
      return url;
    },
    inject: async (request) => asSocketWouldDeliver(await app.inject(request as InjectOptions), request as InjectOptions),
    session(id) {
      const transport = {
        adminToken: options.adminToken,
        base: () => url ?? INJECT_BASE,
        send: (request: Request) => (url === undefined ? injectFetch((r) => app.inject(r), request) : fetch(request)),
      };
      return createSession(transport, id);
    },
    coverage(query) {
      const document = query?.spec === undefined ? mock.documents[0] : mock.documents.find((d) => d.mount.name === query.spec);
      if (!document)
        throw new MockConfigError(`no document named "${query?.spec}"; served: ${mock.documents.map((d) => d.mount.name).join(', ')}`);
      return coverageReport(document.coverage, query?.session);
    },
    async close() {
      // In-flight requests may finish until the deadline; then every connection is closed.
      const deadline = setTimeout(closeConnections, options.shutdownTimeout);
      deadline.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(deadline);
      }
      return { unsaved: unsaved() };
    },
  };
}

/** The documents read, then the app built and ready: what `startupTimeout` bounds. */
async function build(options: ResolvedOptions, progress: StartUpProgress) {
  const served = options.documents.map((document) => document.file);
  const refs = { remote: options.allowRemoteRefs };
  const cache = documentCacheOf(options);
  const spec = await loadSpec(options.spec, progress, documentOverlays(options.spec, options.overlays, served), refs, cache);
  const tls = await tlsSetup(options);
  // One document at `/` is served as it always was; several (or one at a base path) go behind the front router.
  const [lone] = options.documents;
  const documents =
    options.documents.length === 1 && (lone?.base ?? '/') === '/'
      ? undefined
      : mountDocuments([{ source: lone as DocumentSource, spec }, ...(await loadRest(options, progress))]);
  progress.step = 'building the server';
  const built = await buildApp({ options, spec, documents, generator: new DataGenerator(options.seed), tls });
  await built.app.ready();
  return { spec, documents, tls, ...built };
}

async function loadRest(options: ResolvedOptions, progress: StartUpProgress) {
  const served = options.documents.map((document) => document.file);
  const loaded = [];
  for (const source of options.documents.slice(1)) {
    const overlays = documentOverlays(source.file, options.overlays, served);
    loaded.push({
      source,
      spec: await loadSpec(source.file, progress, overlays, { remote: options.allowRemoteRefs }, documentCacheOf(options)),
    });
  }
  return loaded;
}

/** The parse cache the options hand over, unless switched off. */
function documentCacheOf(options: ResolvedOptions) {
  return options.parseCache ? options.documentCache : undefined;
}

/** What closing could not save: the coverage report files or recordings a full disk or a missing directory kept. */
export interface CloseOutcome {
  readonly unsaved: readonly string[];
}

/** Fastify's inject options, with the method open to any token: documents declare QUERY and custom methods. */
export type MockInjectOptions = Omit<InjectOptions, 'method'> & { readonly method?: InjectOptions['method'] | (string & {}) };

/** Where relative URLs resolve while requests go through inject() (never dialled). */
const INJECT_BASE = 'http://mock.invalid';

function baseUrl(app: FastifyInstance, host: string, scheme: 'http' | 'https'): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `${scheme}://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
