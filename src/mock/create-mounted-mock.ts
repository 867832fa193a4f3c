import { join } from 'node:path';
import { MockConfigError } from '../config-error.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { Journal } from '../journal/journal.js';
import { maskedEntries } from '../journal/mask-entry.js';
import { documentOverlays } from '../load/overlay-document.js';
import { createMetrics } from '../metrics/metrics.js';
import type { CredentialPlaces } from '../openapi/mask-credentials.js';
import type { ResolvedOptions } from '../options.js';
import { decide } from '../pipeline/exchange.js';
import type { Exchange, Responder } from '../pipeline/types.js';
import { type Problem, problemResponse } from '../problem.js';
import type { Tracing } from '../tracing/tracing.js';
import { createMock, type Mock, type MockLog } from './create-mock.js';
import type { MountedSpec } from './mount-documents.js';
import { createMountRouter } from './mount-router.js';
import { seedFiles } from './seed-files.js';

export interface MountedMockParts {
  readonly options: ResolvedOptions;
  /** The documents, each with where it is served (mountDocuments). */
  readonly documents: readonly MountedSpec[];
  readonly generator: DataGenerator;
  readonly log: MockLog;
  readonly responders?: readonly Responder[];
  /** The ports the server listens on now (callbacks never reach them unasked). */
  readonly ownPorts?: () => Iterable<number>;
  /** With tracing on: the tracer of webhooks sent on an admin request. */
  readonly tracing?: Tracing;
}

/**
 * Several documents behind one front router (mount-router.ts): each its own mock (pipeline, error
 * shapes, scenarios, state, coverage, reloads), all writing to one journal and one set of metrics that
 * say, as `exchange.document`, which answered. A request under no document's base path is 404.
 */
export async function createMountedMock({
  options,
  documents,
  generator,
  log,
  responders,
  ownPorts,
  tracing,
}: MountedMockParts): Promise<Mock> {
  let places: CredentialPlaces | undefined;
  const journal = new Journal(options.journalSize, options.journalUnmasked ? undefined : maskedEntries(() => (places ??= union(mocks))));
  const metrics = createMetrics(() => journal.size);
  const names = documents.map(({ mount }) => mount.name);
  const seeds = seedFiles(
    options.dataSources,
    documents.map(({ mount }) => mount),
  );
  const served = documents.map(({ source }) => source.file);
  const mocks: Mock[] = [];
  try {
    for (const [i, { source, spec, mount }] of documents.entries()) {
      const own: ResolvedOptions = {
        ...options,
        spec: source.file,
        documents: [source],
        // Reloads apply the overlays that apply to this document.
        overlays: documentOverlays(source.file, options.overlays, served).map((overlay) => overlay.file),
        // Collection paths are one document's: each its own file.
        data: seeds[i],
        // Each document writes its own report, in a folder of its name.
        coverageReport: options.coverageReport === undefined ? undefined : join(options.coverageReport, mount.name),
      };
      const mounted = { mount, names, journal, metrics, credentialsChanged: () => (places = undefined) };
      mocks.push(await createMock({ options: own, spec, generator, log: named(log, mount.name), responders, mounted, ownPorts, tracing }));
    }
  } catch (error) {
    await Promise.all(mocks.map((mock) => mock.close()));
    throw error;
  }
  const scenario = options.scenario;
  if (scenario !== undefined && !mocks.some((mock) => mock.documents[0]?.scenarios.catalogue.has(scenario))) {
    await Promise.all(mocks.map((mock) => mock.close()));
    throw new MockConfigError(`option "scenario": no document has a scenario "${scenario}"`);
  }
  const route = createMountRouter(mocks.map((mock, i) => ({ mount: (documents[i] as MountedSpec).mount, target: mock })));
  const byName = new Map(mocks.map((mock, i) => [names[i] as string, mock]));
  const first = mocks[0] as Mock;
  return {
    // A proxy is per document (each its own upstream path); the admin API's switch is the first's sessions'.
    proxy: first.proxy,
    recordings: first.recordings && {
      flush: async () => (await Promise.all(mocks.map((mock) => mock.recordings?.flush() ?? []))).flat(),
    },
    journal,
    // Sessions are shared per document (each its own prefix); the one journal goes through the first's.
    fleetJournal: first.fleetJournal,
    metrics,
    documents: mocks.flatMap((mock) => mock.documents),
    answer: (exchange) => route(exchange)?.answer(exchange) ?? notMounted(exchange),
    refuse: (exchange, problem) => route(exchange)?.refuse(exchange, problem) ?? refused(exchange, problem),
    answered(exchange, seen, status, elapsedMs, responseHeaders, responseText) {
      const mock = exchange.document === undefined ? undefined : byName.get(exchange.document.name);
      // Outside every document, the request is journalled and counted, and no document's coverage.
      if (mock) mock.answered(exchange, seen, status, elapsedMs, responseHeaders, responseText);
      else first.answered(exchange, false, status, elapsedMs, responseHeaders, responseText);
    },
    credentials: () => (places ??= union(mocks)),
    async prepare(afterMs) {
      for (const [i, mock] of mocks.entries()) await mock.prepare(i === 0 ? afterMs : 0);
    },
    readiness() {
      const each = mocks.map((mock) => mock.readiness());
      return {
        ready: each.every((r) => r.ready),
        started: each.some((r) => r.started),
        prepared: each.reduce((sum, r) => sum + r.prepared, 0),
        operations: each.reduce((sum, r) => sum + r.operations, 0),
      };
    },
    async close() {
      return (await Promise.all(mocks.map((mock) => mock.close()))).flat();
    },
  };
}

function refused(exchange: Exchange, problem: Problem) {
  const response = problemResponse(problem);
  decide(exchange, { response, provenance: { kind: 'rejected', code: problem.code } });
  return response;
}

function notMounted(exchange: Exchange) {
  return refused(exchange, { code: 'NOT_FOUND', params: { method: exchange.method, path: exchange.path } });
}

function union(mocks: readonly Mock[]): CredentialPlaces {
  const headers = new Set<string>();
  const query = new Set<string>();
  for (const mock of mocks) {
    const places = mock.credentials();
    for (const name of places.headers) headers.add(name);
    for (const name of places.query) query.add(name);
  }
  return { headers, query };
}

function named(log: MockLog, name: string): MockLog {
  return { info: (message) => log.info(`${name}: ${message}`), warn: (message) => log.warn(`${name}: ${message}`) };
}
