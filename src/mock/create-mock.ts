import { basename, extname } from 'node:path';
import { createAnswering } from '../answer/compose.js';
import { CallbackSender } from '../callbacks/callback-sender.js';
import { MockConfigError } from '../config-error.js';
import { type Coverage, createCoverage } from '../contract-coverage/coverage.js';
import type { CoverageModel } from '../contract-coverage/coverage-model.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { Journal } from '../journal/journal.js';
import type { JournalEntry } from '../journal/journal-entry.js';
import { maskedEntries } from '../journal/mask-entry.js';
import { entryOf } from '../journal/record-entry.js';
import { type LoadedSpec, loadSpec } from '../load/load-spec.js';
import { documentOverlays } from '../load/overlay-document.js';
import { createMetrics, type Metrics } from '../metrics/metrics.js';
import { type DelayRange, parseDelayRange } from '../mock-extensions.js';
import type { MockResponse } from '../mock-response.js';
import { type CredentialPlaces, credentialPlaces } from '../openapi/mask-credentials.js';
import type { ResolvedOptions } from '../options.js';
import { createPipeline, type Pipeline } from '../pipeline/pipeline.js';
import type { DocumentMount, Exchange, Responder } from '../pipeline/types.js';
import type { Problem } from '../problem.js';
import { createProxy, type MockProxy } from '../proxy/create-proxy.js';
import { checkedAtBuild } from '../scenarios/checked-at-build.js';
import { recordedStepCheck } from '../scenarios/recording/check-recorded.js';
import { FleetRecorder } from '../scenarios/recording/fleet-recorder.js';
import { type FlushReport, Recorder, type RecorderSettings } from '../scenarios/recording/recorder.js';
import { redactionOf } from '../scenarios/recording/redaction.js';
import { ScenarioEngine } from '../scenarios/scenario-engine.js';
import { fileTarget, watchFiles } from '../scenarios/watch-files.js';
import { MemorySessionStore } from '../sessions/memory-store.js';
import type { SessionId, SessionLimits, SessionStore } from '../sessions/session-store.js';
import { StateSimulator } from '../state/simulator.js';
import type { Tracing } from '../tracing/tracing.js';
import { deliveryEntry } from './delivery-entry.js';
import { FleetCoverage } from './fleet-coverage.js';
import { FleetJournal } from './fleet-journal.js';
import { preparationOf, type Readiness } from './preparation.js';
import { SharedSessions } from './shared-sessions.js';
import { openStore, sharedAnswer } from './store-setup.js';

/** Where the mock's own messages go (start-up summary, reloads, a report it could not write). */
export interface MockLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface MockParts {
  readonly options: ResolvedOptions;
  readonly spec: LoadedSpec;
  readonly generator: DataGenerator;
  readonly log: MockLog;
  /** Responders asked after the scenarios and the stateful simulator, before the default answer. */
  readonly responders?: readonly Responder[];
  /** One document of several (src/mock/create-mounted-mock.ts): where it is mounted and what it shares. */
  readonly mounted?: MountedParts;
  /** The ports the server listens on now: callbacks and webhooks never reach them unless allowed by port. */
  readonly ownPorts?: () => Iterable<number>;
  /** With tracing on: the tracer of the webhooks sent on an admin request (a request's own calls use its span). */
  readonly tracing?: Tracing;
}

/** What the documents of one server share: the journal and metrics; and where this one is mounted. */
export interface MountedParts {
  readonly mount: DocumentMount;
  /** Every document's name, for the scenario files' `spec:`. */
  readonly names: readonly string[];
  readonly journal: Journal;
  readonly metrics: Metrics;
  /** Called when a reload changed where this document's requests carry credentials. */
  credentialsChanged(): void;
}

/** The parts of a mock its own routes (`/__mock/...`) read and steer. */
export interface MockFeatures {
  readonly journal: Journal;
  readonly metrics: Metrics;
  /** `--proxy`: the real service requests are forwarded to; undefined without one. */
  readonly proxy: MockProxy | undefined;
  /** Every document served, with where; one, at `/`, unless several were given. */
  readonly documents: readonly MockDocument[];
  /** With `--store`: the journal of every replica, which the journal's admin routes read. */
  readonly fleetJournal: FleetJournal | undefined;
  /** `--record`: writes the recordings of what passed through the proxy; undefined without it. */
  readonly recordings: { flush(): Promise<readonly FlushReport[]> } | undefined;
  /** How far the operations are prepared for their first requests (see Mock.prepare). */
  readiness(): Readiness;
}

/** One document of a server and what is its own: its coverage, scenarios and state (`?spec=` of the admin routes). */
export interface MockDocument {
  readonly mount: DocumentMount;
  readonly spec: LoadedSpec;
  readonly coverage: CoverageModel;
  /** Its sessions: scenario choices, positions, stored bodies, records and proxy switches. */
  readonly sessions: SessionStore;
  readonly scenarios: ScenarioEngine;
  readonly state: StateSimulator;
  /** `--stateful`: the simulator answers every request it can. */
  readonly stateful: boolean;
  /** Sends this document's callbacks and webhooks. */
  readonly callbacks: CallbackSender;
  /** With `--store`: its sessions, shared with the other replicas. */
  readonly shared: SharedSessions | undefined;
  /** With `--store`: the fleet's coverage and drift, which the admin routes report. */
  readonly fleetCoverage?: FleetCoverage | undefined;
}

/** One mock server without its transport: what decides answers and what records them. */
export interface Mock extends MockFeatures {
  /** Decides the answer of an exchange (see Pipeline): synchronous unless a responder waits. */
  answer(exchange: Exchange): MockResponse | Promise<MockResponse>;
  /** Answers a request refused before the pipeline (over a limit) with `problem`, in the document's error shape where it has one. */
  refuse(exchange: Exchange, problem: Problem): MockResponse;
  /**
   * Records an answered request (status 0: a fault answered nothing): journal, metrics and coverage.
   * `seen`: the pipeline handled the exchange; requests it never saw (a preflight, one over the limits)
   * are journalled and counted but are not contract coverage.
   */
  answered(
    exchange: Exchange,
    seen: boolean,
    status: number,
    elapsedMs: number,
    responseHeaders: JournalEntry['responseHeaders'],
    responseText?: string,
  ): void;
  /**
   * Stops watching files and writes the coverage report files and recordings when asked; after the last
   * answer. Resolves to what could not be written (each a sentence), empty when all was.
   */
  close(): Promise<readonly string[]>;
  /** Where this document's requests carry credentials (masked in the journal). */
  credentials(): CredentialPlaces;
  /**
   * Prepares every operation (preparation.ts) a slice at a time, requests served between slices;
   * resolves once all are. After a reload, the reloaded document is prepared the same way. `afterMs`
   * leaves the first requests after listening the event loop before preparation begins (server.ts).
   */
  prepare(afterMs?: number): Promise<void>;
}

/**
 * Assembles a mock from a loaded document: the pipeline and its responders (scenarios, the stateful
 * simulator), sessions, journal, metrics and contract coverage. Knows no HTTP server: `src/http/`
 * adapts it to Fastify. With `--watch`, a changed document, scenario or data file is reloaded and
 * swapped in whole, or, when it fails to load, the last good version keeps serving.
 */
export async function createMock({ options, spec, generator, log, responders = [], mounted, ownPorts, tracing }: MockParts): Promise<Mock> {
  // Checked by resolveOptions: a range here.
  const serverDelay = options.delay === undefined ? undefined : (parseDelayRange(options.delay) as DelayRange);
  // Every session's data in one store, with one eviction policy and one byte budget.
  const limits: SessionLimits = {
    idleMs: options.sessionIdleTimeout,
    max: options.maxSessions,
    sessionBytes: options.maxStateBytes,
    totalBytes: options.maxTotalStateBytes,
  };
  const sessions = new MemorySessionStore(limits);
  const scenarios = new ScenarioEngine({
    sessions,
    dirs: options.scenarioDirs,
    defaultScenario: options.scenario,
    seed: options.seed,
    generator,
    ...(mounted ? { document: { name: mounted.mount.name, names: mounted.names } } : {}),
  });
  // Credentials are masked as entries are stored; a reloaded document may name other API keys.
  let credentials = credentialPlaces(spec.operations);
  const journal =
    mounted?.journal ?? new Journal(options.journalSize, options.journalUnmasked ? undefined : maskedEntries(() => credentials));
  const metrics = mounted?.metrics ?? createMetrics(() => journal.size);
  const coverage: Coverage = createCoverage({
    options,
    operations: spec.operations,
    documentFindings: () => spec.lint.findings,
    log,
    sessions,
  });
  const callbacks = new CallbackSender({
    allow: options.callbackAllow,
    delayMs: options.callbackDelay,
    timeoutMs: options.callbackTimeout,
    retries: options.callbackRetries,
    generator,
    ...(ownPorts ? { ownPorts } : {}),
    ...(tracing ? { tracing } : {}),
    record(delivery) {
      if (journal.capacity > 0) journal.record(deliveryEntry(delivery, mounted?.mount.name));
      metrics.observeCallback(delivery.via, delivery.name, delivery.outcome);
      if (delivery.operation === undefined) return;
      coverage.model.recordCallback(delivery.operation, delivery.name, delivery.outcome);
      fleetCoverage?.recordCallback(delivery.operation, delivery.name, delivery.outcome);
    },
  });
  const proxy = await createProxy(options, sessions, log);
  if (options.record !== undefined && proxy === undefined)
    throw new MockConfigError('--record records what passes through the proxy: give --proxy too');
  const shaped =
    options.recordName !== undefined || options.redact.length > 0 || options.recordOnContractOnly || options.recordFormat !== 'scenario';
  if (options.record === undefined && shaped)
    throw new MockConfigError('--record-name, --redact, --record-on-contract-only and --record-format shape recordings: give --record too');
  // Checked against the operations and answers of the last load (the assembly below keeps it current).
  let checkRecorded: RecorderSettings['check'] = () => undefined;
  const recording: RecorderSettings | undefined =
    options.record === undefined
      ? undefined
      : {
          dir: options.record,
          name: options.recordName,
          spec: mounted?.mount.name,
          redaction: () => redactionOf(options.redact, credentials),
          onContractOnly: options.recordOnContractOnly,
          format: options.recordFormat,
          maxBodyBytes: options.bodyLimit,
          check: (operationId, step) => checkRecorded(operationId, step),
          log,
          sessions,
        };
  const ownRecorder =
    recording &&
    (await Recorder.create(recording).catch(async (error: unknown) => {
      await proxy?.close();
      throw error;
    }));
  const state = new StateSimulator({
    stateful: options.stateful,
    maxResources: options.maxResources,
    dataFile: options.data,
    sessions,
    generator,
  });
  const store = await openStore(options, spec, mounted?.mount.name, log).catch(async (error: unknown) => {
    await proxy?.close();
    throw error;
  });
  // With a store, the fleet's recordings: appended there, written once by whichever replica flushes.
  const recorder =
    recording && store
      ? new FleetRecorder({
          ...recording,
          store,
          sessionBytes: options.maxStateBytes,
          totalBytes: options.maxTotalStateBytes,
          idleMs: options.sessionIdleTimeout,
        })
      : ownRecorder;
  const shared = store && new SharedSessions(store, sessions, scenarios, options.stateful, proxy !== undefined);
  const fleetCoverage =
    store && new FleetCoverage(store, coverage.model, { maxSessions: options.maxSessions, sessionIdleMs: options.sessionIdleTimeout });
  // Several documents write one journal: the first document's store carries it for the fleet.
  const journalHere = !mounted || mounted.names[0] === mounted.mount.name;
  const fleetJournal = store && journalHere && journal.capacity > 0 ? new FleetJournal(store, journal) : undefined;

  // The one place the pipeline is made: from a (re)loaded spec, scenario set and seed data, swapped
  // together only once all are loaded and checked. One set of plans and error shapes per load.
  const assemble = async (current: LoadedSpec) => {
    const answering = createAnswering(
      { generator, dynamic: options.dynamic, serveInvalidExamples: options.serveInvalidExamples },
      current.operations,
    );
    // What the build checked is known only of a lone document read once, as the build reads it.
    const once = !mounted && !options.watch && options.overlays.length === 0 && options.scenarioDirs.length > 0;
    const checked = once ? checkedAtBuild(current.path, options) : undefined;
    const loaded = await scenarios.load(current.operations, [...current.webhooks.keys()], answering, checked);
    for (const scenario of loaded.catalogue.values()) for (const warning of scenario.warnings) log.warn(warning);
    const mayEnable = [...loaded.catalogue.values()].some((s) => s.stateful);
    const stateful = await state.load(current.operations, mayEnable, answering);
    // The proxy answers what no scenario does; the mock's own sources only what it leaves (switched off, fallback).
    const all = [loaded.responder, ...(proxy ? [proxy.responder] : []), ...(stateful.responder ? [stateful.responder] : []), ...responders];
    const pipeline: Pipeline = createPipeline({
      operations: current.operations,
      tokens: options.tokens,
      strictAuth: options.strictAuth,
      strictAccept: options.strictAccept,
      answering,
      responders: all,
      delay: serverDelay,
      random: scenarios.random,
      // Seeded, a range's draw is keyed by the session's count of the operation: the same on every replica,
      // at one store call a draw; unseeded, each replica draws its own anyway, from its own sequence.
      ...(options.seed === undefined ? {} : { draws: (session: SessionId, key: string) => scenarios.callDraws(session, key) }),
      validateRequests: options.validateRequest,
      dialects: {
        query: { array: options.queryArrayFormat, object: options.queryObjectFormat },
        form: { array: options.formArrayFormat, object: options.formObjectFormat },
      },
    });
    const check = recordedStepCheck(current.operations, { generator, plans: answering.plans, compose: answering.compose });
    return { loaded, stateful, pipeline, operations: current.operations, webhooks: current.webhooks, check };
  };
  for (const warning of spec.overlayWarnings) log.warn(warning);
  const first = await assemble(spec);
  checkRecorded = first.check;
  scenarios.use(first.loaded);
  state.use(first.stateful);
  if (options.stateful) {
    const summary = first.stateful.summary;
    log.info(summary.length > 0 ? `stateful resources: ${summary.join('; ')}` : 'stateful: no operation of the document fits a collection');
  }
  // The document's problems, as the server learns of them: one warning each (see docs/openapi-support.md).
  const stopLint = spec.lint.subscribe((finding) =>
    log.warn(`${spec.path}: ${finding.kind === 'routing' ? 'path' : finding.kind} at ${finding.pointer}: ${finding.message}`),
  );
  let pipeline = first.pipeline;
  let webhooks = spec.webhooks;
  let preparing = false;
  let preparation = preparationOf(first.pipeline, spec);
  let stopWatching: (() => void) | undefined;
  if (options.watch) {
    const files = [options.spec, ...options.overlays, ...(options.data === undefined ? [] : [options.data])].map(fileTarget);
    stopWatching = watchFiles([...files, ...options.scenarioDirs.map((dir) => ({ dir }))], async () => {
      try {
        const overlays = documentOverlays(options.spec, options.overlays, [options.spec]);
        const cache = options.parseCache ? options.documentCache : undefined;
        const reloaded = await loadSpec(options.spec, undefined, overlays, { remote: options.allowRemoteRefs }, cache);
        for (const warning of reloaded.overlayWarnings) log.warn(warning);
        const next = await assemble(reloaded);
        scenarios.use(next.loaded);
        state.use(next.stateful);
        pipeline = next.pipeline;
        checkRecorded = next.check;
        webhooks = next.webhooks;
        credentials = credentialPlaces(next.operations);
        mounted?.credentialsChanged();
        preparation.stop();
        preparation = preparationOf(next.pipeline, reloaded);
        if (preparing) void preparation.run();
        log.info(options.data === undefined ? 'reloaded the spec and scenarios' : 'reloaded the spec, scenarios and data file');
      } catch (error) {
        log.warn(`reload failed, still serving the last good version: ${(error as Error).message}`);
      }
    });
  }

  return {
    journal,
    metrics,
    documents: [
      {
        mount: mounted?.mount ?? { name: basename(spec.path, extname(spec.path)), base: '/' },
        spec,
        coverage: coverage.model,
        sessions,
        scenarios,
        state,
        stateful: options.stateful,
        callbacks,
        shared,
        fleetCoverage,
      },
    ],
    credentials: () => credentials,
    prepare(afterMs) {
      preparing = true;
      return preparation.run(afterMs);
    },
    readiness: () => preparation.readiness,
    fleetJournal,
    proxy,
    recordings: recorder && { flush: async () => [await recorder.flush()] },
    answer: (exchange) => {
      const need = shared?.need(exchange.session) ?? 'none';
      return shared === undefined || need === 'none' ? pipeline(exchange) : sharedAnswer(shared, exchange, need, () => pipeline(exchange));
    },
    refuse: (exchange, problem) => pipeline.refuse(exchange, problem),
    answered(exchange, seen, status, elapsedMs, responseHeaders, responseText) {
      if (journal.capacity > 0) journal.record(entryOf(exchange, status, responseHeaders, elapsedMs, responseText));
      metrics.observe(seen ? exchange : undefined, status, elapsedMs / 1000);
      if (seen) coverage.model.record(exchange, status);
      if (seen) fleetCoverage?.record(exchange, status);
      if (recorder !== undefined && seen) recorder.observe(exchange);
      if (seen && exchange.operation?.callbacks) callbacks.afterAnswer(exchange, status, responseHeaders, responseText);
      const webhook = exchange.answer?.effects?.webhook;
      if (webhook && status !== 0)
        callbacks.afterStep(exchange, status, responseHeaders, webhook, webhooks.get(webhook.name)?.(), responseText);
    },
    async close() {
      preparation.stop();
      stopLint();
      stopWatching?.();
      await callbacks.close();
      await proxy?.close();
      const failures: string[] = [];
      if (recorder instanceof FleetRecorder) recorder.stop();
      await recorder?.flush().catch((error: Error) => {
        failures.push(`could not write the recordings: ${error.message}`);
        log.warn(failures[failures.length - 1] ?? '');
      });
      await fleetJournal?.close();
      const fleetCounts = options.coverageReport === undefined ? undefined : await fleetCoverage?.closingModel(log);
      await fleetCoverage?.close();
      await store?.close();
      sessions.close();
      const coverageFailure = await coverage.close(fleetCounts);
      if (coverageFailure !== undefined) failures.push(coverageFailure);
      return failures;
    },
  };
}
