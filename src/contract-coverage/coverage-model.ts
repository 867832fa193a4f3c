import type { LintFinding } from '../openapi/document-lint.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Exchange } from '../pipeline/types.js';
import { MemorySessionStore } from '../sessions/memory-store.js';
import type { SessionStore } from '../sessions/session-store.js';
import { OperationCounts, UnmatchedCounts } from './coverage-counts.js';
import { answeredMediaType, answerKindOf, rejectionOf, sessionOf } from './coverage-exchange.js';
import { type OperationShape, shapeOf } from './operation-shape.js';

/** The counts of one scope: every request, or one session's. */
export class CoverageTally {
  readonly byOperation = new Map<MockOperation, OperationCounts>();
  readonly unmatched = new UnmatchedCounts();
}

export interface CoverageModelOptions {
  /** The operations of the document, in its order. */
  readonly operations: readonly MockOperation[];
  /**
   * Where session slices live: the mock's SessionStore, which keeps each with its session (one eviction
   * policy). Without one (a model of counts read back from a shared store), a store of its own...
   */
  readonly sessions?: CoverageSlices;
  /** ...of at most this many sessions, the least recently used dropped first... */
  readonly maxSessions: number;
  /** ...and forgotten after this many milliseconds without a request. */
  readonly sessionIdleMs: number;
  /** What the mock found wrong in the document so far (invalid examples, unroutable templates). */
  readonly documentFindings?: () => readonly LintFinding[];
  readonly now?: () => number;
}

/** The SessionStore's part that holds coverage slices. */
export type CoverageSlices = Pick<SessionStore, 'coverageSlice' | 'peekCoverage' | 'coverageSlices' | 'dropCoverage'>;

/**
 * Contract coverage of one server, kept as counters rather than entries: exact whatever the journal
 * keeps, and bounded whatever the traffic (per operation, per status met, per session kept).
 */
export class CoverageModel {
  #overall = new CoverageTally();
  /** The coverage slice of each session: counts of this process's answers, kept in the session store. */
  readonly #sessions: CoverageSlices;
  /** Operations this model counted: the first count of one a reload compiled makes it its id's latest. */
  readonly #met = new WeakSet<MockOperation>();
  /** The latest operation object of each id: a reload (--watch) compiles new ones. */
  readonly #operations = new Map<string, MockOperation>();
  readonly #options: CoverageModelOptions;
  /** Callbacks sent per operation id and callback name, by outcome: every session's together. */
  #callbacks = new Map<string, Map<string, Map<string, number>>>();

  constructor(options: CoverageModelOptions) {
    this.#options = options;
    this.#sessions =
      options.sessions ??
      new MemorySessionStore({
        idleMs: options.sessionIdleMs,
        max: options.maxSessions,
        sessionBytes: Number.POSITIVE_INFINITY,
        totalBytes: Number.POSITIVE_INFINITY,
        ...(options.now ? { now: options.now } : {}),
      });
    for (const operation of options.operations) this.#operations.set(operation.id, operation);
  }

  /** Counts one answer to the API (status 0: a fault left it unanswered). */
  record(exchange: Exchange | undefined, status: number): void {
    if (exchange === undefined) return;
    const rejection = rejectionOf(exchange);
    const kind = answerKindOf(exchange, status);
    const mediaType = answeredMediaType(exchange);
    this.#recordIn(this.#overall, exchange, status, rejection, kind, mediaType);
    const session = sessionOf(exchange);
    if (session !== undefined) this.#recordIn(this.#slice(session), exchange, status, rejection, kind, mediaType);
  }

  /** Counts a callback an answer to `operation` triggered, by how it ended (`on-contract`, `off-contract`, `refused`, ...). */
  recordCallback(operation: string, name: string, outcome: string): void {
    this.addCallbackOutcome(operation, name, outcome, 1);
  }

  /** Adds `n` callbacks of one outcome (counts read back from a shared store). */
  addCallbackOutcome(operation: string, name: string, outcome: string, n: number): void {
    let byName = this.#callbacks.get(operation);
    if (byName === undefined) {
      byName = new Map();
      this.#callbacks.set(operation, byName);
    }
    let outcomes = byName.get(name);
    if (outcomes === undefined) {
      outcomes = new Map();
      byName.set(name, outcomes);
    }
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + n);
  }

  /** Every callback count: operation id, callback name, outcome, count. */
  *callbackCounts(): Iterable<readonly [string, string, string, number]> {
    for (const [operation, byName] of this.#callbacks)
      for (const [name, outcomes] of byName) for (const [outcome, n] of outcomes) yield [operation, name, outcome, n];
  }

  /** The tally of one session (made when missing), or the overall one: where counts read back are added. */
  tallyOf(session?: string): CoverageTally {
    return session === undefined ? this.#overall : this.#slice(session);
  }

  /** The counts of an operation, by id, in a tally (made when missing); undefined for an id the document lacks. */
  countsOf(tally: CoverageTally, operationId: string): OperationCounts | undefined {
    const operation = this.#operations.get(operationId);
    if (operation === undefined) return undefined;
    let counts = tally.byOperation.get(operation);
    if (counts === undefined) {
      counts = new OperationCounts(this.shapeOf(operation));
      tally.byOperation.set(operation, counts);
    }
    return counts;
  }

  /** Session slices held (each replica's own, for the shared store's batches). */
  sessionTallies(): Iterable<[string, CoverageTally]> {
    return this.#sessions.coverageSlices() as [string, CoverageTally][];
  }

  /** The outcomes of one operation's callback so far, by outcome. */
  callbackOutcomes(operation: string, name: string): ReadonlyMap<string, number> | undefined {
    return this.#callbacks.get(operation)?.get(name);
  }

  /** The counts of one session (undefined: every request); undefined for a session that sent nothing or was forgotten. */
  tally(session?: string): CoverageTally | undefined {
    if (session === undefined) return this.#overall;
    return this.#sessions.peekCoverage(session) as CoverageTally | undefined;
  }

  documentFindings(): readonly LintFinding[] {
    return this.#options.documentFindings?.() ?? [];
  }

  /** The operations of the document as it is now, in its order (operations a reload added last). */
  operations(): MockOperation[] {
    return [...this.#operations.values()];
  }

  /** The operation's shape (shared by every model: src/contract-coverage/operation-shape.ts); an operation met here counts as the document's. */
  shapeOf(operation: MockOperation): OperationShape {
    if (!this.#met.has(operation)) {
      this.#met.add(operation);
      this.#operations.set(operation.id, operation);
    }
    return shapeOf(operation);
  }

  /** Forgets the counts of one session, or of everything (every session and the overall counts). */
  reset(session?: string): void {
    if (session !== undefined) {
      this.#sessions.dropCoverage(session);
      return;
    }
    this.#sessions.dropCoverage();
    this.#overall = new CoverageTally();
    this.#callbacks = new Map();
  }

  #slice(session: string): CoverageTally {
    return this.#sessions.coverageSlice(session, newTally) as CoverageTally;
  }

  #recordIn(
    tally: CoverageTally,
    exchange: Exchange,
    status: number,
    rejection: string | undefined,
    kind: number,
    media: string | undefined,
  ) {
    const operation = exchange.operation;
    if (operation === undefined) {
      tally.unmatched.record(rejection);
      return;
    }
    let counts = tally.byOperation.get(operation);
    if (counts === undefined) {
      counts = new OperationCounts(this.shapeOf(operation));
      tally.byOperation.set(operation, counts);
    }
    counts.record(exchange, status, rejection, kind, media);
  }
}

function newTally(): CoverageTally {
  return new CoverageTally();
}
