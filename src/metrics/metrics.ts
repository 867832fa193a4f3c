import { Counter, Gauge, Registry } from 'prom-client';
import type { Exchange } from '../pipeline/types.js';
import { DurationHistogram, type DurationSeries } from './duration-histogram.js';

export interface Metrics {
  /** One answered request (`exchange` undefined: one the pipeline never saw); arguments, not an object made per request. */
  observe(exchange: Exchange | undefined, status: number, seconds: number): void;
  /** Counts a callback or webhook the mock sent (or refused), by its name and how it ended. */
  observeCallback(via: 'callback' | 'webhook', name: string, outcome: string): void;
  /** The Prometheus text exposition of this server's metrics. */
  scrape(): Promise<{ readonly contentType: string; readonly text: string }>;
}

/** Counts by two keys, in nested Maps: a count costs two lookups, no key string built per request. */
class Tally<A, B> {
  readonly #counts = new Map<A, Map<B, number>>();

  add(a: A, b: B): void {
    let inner = this.#counts.get(a);
    if (inner === undefined) {
      inner = new Map();
      this.#counts.set(a, inner);
    }
    inner.set(b, (inner.get(b) ?? 0) + 1);
  }

  *entries(): Generator<[A, B, number]> {
    for (const [a, inner] of this.#counts) for (const [b, count] of inner) yield [a, b, count];
  }
}

/**
 * Prometheus metrics of one server, in its own registry (never prom-client's global one, so servers in
 * one process do not share counts). Labels are bounded: the operationId (or `unmatched`), the status,
 * the scenario name, the rejection code; never raw paths. Counts are tallied in plain Maps as requests
 * are answered and handed to prom-client's counters when scraped (its inc() checks and hashes the labels
 * of every call); durations are counted per operation in arrays the registry reads (duration-histogram.ts).
 */
export function createMetrics(journalSize: () => number): Metrics {
  const callbacks = new Map<string, { via: string; name: string; outcome: string; count: number }>();
  // One set of tallies per document, when several are served (their name as the `spec` label); one otherwise.
  const root = new DocumentTallies(undefined);
  const byDocument = new Map<string, DocumentTallies>();
  const documents = () => (byDocument.size === 0 ? [root] : [root, ...byDocument.values()]);
  const upstream = new Tally<string, string>();
  const registry = new Registry();
  new Counter({
    name: 'plantstore_mock_requests_total',
    help: 'API requests answered, by operation, status and scenario (and document, when several are served).',
    labelNames: ['operation', 'status', 'scenario', 'spec'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, byOperation } of documents()) {
        for (const [operation, { statuses }] of byOperation) {
          for (const [status, scenario, count] of statuses.entries()) this.inc({ ...labels, operation, status, scenario }, count);
        }
      }
    },
  });
  const duration = new DurationHistogram(
    'plantstore_mock_request_duration_seconds',
    'Time from request to response, by operation (and document, when several are served).',
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registry,
  );
  new Counter({
    name: 'plantstore_mock_validation_failures_total',
    help: 'Requests the mock rejected as breaking the contract, by operation and error code.',
    labelNames: ['operation', 'code', 'spec'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, rejected } of documents()) {
        for (const [operation, code, count] of rejected.entries()) this.inc({ ...labels, operation, code }, count);
      }
    },
  });
  new Counter({
    name: 'plantstore_mock_state_operations_total',
    help: 'Requests the stateful simulator answered, by operation and action (create, list, read, replace, merge, remove).',
    labelNames: ['operation', 'action', 'spec'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, stateOperations } of documents()) {
        for (const [operation, action, count] of stateOperations.entries()) this.inc({ ...labels, operation, action }, count);
      }
    },
  });
  new Counter({
    name: 'plantstore_mock_callbacks_total',
    help: 'Callbacks and webhooks the mock sent or refused, by kind, name and outcome (on-contract, off-contract, refused, ...).',
    labelNames: ['kind', 'name', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { via, name, outcome, count } of callbacks.values()) this.inc({ kind: via, name, outcome }, count);
    },
  });
  new Counter({
    name: 'plantstore_mock_upstream_answers_total',
    help: 'Answers of the real service through the proxy, by operation and kind of drift from the document (none: it fit).',
    labelNames: ['operation', 'drift'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [operation, drift, count] of upstream.entries()) this.inc({ operation, drift }, count);
    },
  });
  new Gauge({
    name: 'plantstore_mock_journal_entries',
    help: 'Entries the request journal holds now.',
    registers: [registry],
    collect() {
      this.set(journalSize());
    },
  });

  return {
    observeCallback(via, name, outcome) {
      const key = `${via} ${outcome} ${name}`;
      const counted = callbacks.get(key);
      if (counted) counted.count++;
      else callbacks.set(key, { via, name, outcome, count: 1 });
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
    observe(exchange, status, seconds) {
      const spec = exchange?.document?.name;
      let tallies = root;
      if (spec !== undefined) {
        tallies = byDocument.get(spec) ?? new DocumentTallies(spec);
        byDocument.set(spec, tallies);
      }
      const operation = exchange?.operation?.id ?? 'unmatched';
      let counted = tallies.byOperation.get(operation);
      if (counted === undefined) {
        counted = { statuses: new Tally(), duration: duration.series({ ...tallies.labels, operation }) };
        tallies.byOperation.set(operation, counted);
      }
      const provenance = exchange?.answer?.provenance;
      counted.statuses.add(status, provenance?.kind === 'scenario' ? provenance.name : 'none');
      counted.duration.observe(seconds);
      if (provenance?.kind === 'rejected') tallies.rejected.add(operation, provenance.code);
      else if (provenance?.kind === 'state') tallies.stateOperations.add(operation, provenance.action);
      else if (provenance?.kind === 'proxied') {
        if (provenance.violation !== undefined) tallies.rejected.add(operation, provenance.violation);
        if (provenance.drift.length === 0) upstream.add(operation, 'none');
        else for (const kind of new Set(provenance.drift.map((d) => d.kind))) upstream.add(operation, kind);
      }
    },
  };
}

/** The counts of one document (or of the only one). */
class DocumentTallies {
  /** `{spec: NAME}` with several documents; no label with one. */
  readonly labels: { readonly spec?: string };
  /** Per operation (a document's operations, and "unmatched"), made on its first answer: its counts by status and its durations. */
  readonly byOperation = new Map<string, { readonly statuses: Tally<number, string>; readonly duration: DurationSeries }>();
  readonly rejected = new Tally<string, string>();
  readonly stateOperations = new Tally<string, string>();

  constructor(spec: string | undefined) {
    this.labels = spec === undefined ? {} : { spec };
  }
}
