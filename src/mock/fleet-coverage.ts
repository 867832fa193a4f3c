import { sessionOf } from '../contract-coverage/coverage-exchange.js';
import { absorbFlat, capDriftMessages, type FlatCounts, flattenTally } from '../contract-coverage/coverage-flat.js';
import { CoverageModel } from '../contract-coverage/coverage-model.js';
import type { Exchange } from '../pipeline/types.js';
import type { CoverageBatch } from '../store/coverage-store.js';
import type { SharedStore } from '../store/shared-store.js';
import { FLEET_FLUSH_MS, READ_SETTLE_MS } from './fleet-journal.js';

/** Batches kept while the store is away; older ones are dropped beyond it (bounded like the journal's). */
const MAX_WAITING_BATCHES = 200;

/**
 * Contract coverage and drift of every replica sharing a store (`--store`): each replica counts its
 * answers in its own model as before and, apart, in a small model of what is not sent yet, which it
 * sends every FLEET_FLUSH_MS as counters added in the store (off the request path). The admin routes of
 * any replica (coverage, drift, the dashboard, the coverage gate) read the fleet's counters back into a
 * model after every replica's next batch. A replica killed with `kill -9` loses at most its last batch.
 */
export class FleetCoverage {
  #pending: CoverageModel;
  #counted = false;
  /** When each session counted in the pending model was last answered: the fleet evicts by it. */
  #usedAt = new Map<string, number>();
  #waiting: CoverageBatch[] = [];
  #sending: Promise<void> | undefined;
  /** Drift messages this replica has sent, by operation: bounded as one model bounds them. */
  readonly #sentMessages = new Map<string, Set<string>>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    readonly store: SharedStore,
    /** This replica's own model: its operations (current after reloads) and document findings. */
    readonly local: CoverageModel,
    readonly limits: { readonly maxSessions: number; readonly sessionIdleMs: number },
  ) {
    this.#pending = this.#model();
    this.#timer = setInterval(() => void this.flush().catch(() => undefined), FLEET_FLUSH_MS);
    this.#timer.unref();
  }

  record(exchange: Exchange, status: number): void {
    this.#pending.record(exchange, status);
    const session = sessionOf(exchange);
    if (session !== undefined) this.#usedAt.set(session, Date.now());
    this.#counted = true;
  }

  recordCallback(operation: string, name: string, outcome: string): void {
    this.#pending.recordCallback(operation, name, outcome);
    this.#counted = true;
  }

  /** Sends what was counted since the last batch; on failure it is kept for the next (bounded). */
  flush(): Promise<void> {
    if (this.#sending) return this.#sending;
    if (this.#counted) {
      const counted = this.#pending;
      const usedAt = this.#usedAt;
      this.#pending = this.#model();
      this.#usedAt = new Map();
      this.#counted = false;
      const flat = (fields: FlatCounts) => capDriftMessages(fields, this.#sentMessages);
      const batch: [string | undefined, FlatCounts, number?][] = [[undefined, flat(flattenTally(counted.tallyOf(), new Map(), counted))]];
      for (const [session, tally] of counted.sessionTallies())
        batch.push([session, flat(flattenTally(tally, new Map())), usedAt.get(session) ?? Date.now()]);
      this.#waiting.push(batch);
    }
    if (this.#waiting.length === 0) return Promise.resolve();
    const sending = this.#waiting;
    this.#waiting = [];
    this.#sending = this.store
      .addCoverage(sending.flat())
      .catch((error: unknown) => {
        this.#waiting = [...sending, ...this.#waiting].slice(-MAX_WAITING_BATCHES);
        throw error;
      })
      .finally(() => {
        this.#sending = undefined;
      });
    return this.#sending;
  }

  /** The fleet's coverage, as a model the reports read; throws when the store cannot be reached. */
  async model(session?: string): Promise<CoverageModel> {
    await this.flush();
    // Other replicas send theirs within a flush interval: a read right after a request sees it.
    await new Promise((resolve) => setTimeout(resolve, READ_SETTLE_MS));
    const model = this.#model();
    const overall = await this.store.coverage(undefined);
    absorbFlat(model, overall);
    if (session !== undefined) {
      const own = await this.store.coverage(session);
      if (own.size > 0) absorbFlat(model, own, session);
    }
    return model;
  }

  /**
   * What `--coverage-report` writes as the replica closes: the fleet's counts so far (a replica stopped
   * last writes every replica's), or, when the store cannot be reached, undefined (this replica's own), said.
   */
  async closingModel(log: { warn(message: string): void }): Promise<CoverageModel | undefined> {
    try {
      return await this.model();
    } catch (error) {
      log.warn(`the coverage report holds this replica's counts only: the store cannot be reached (${(error as Error).message})`);
      return undefined;
    }
  }

  /** Forgets the fleet's counts of one session, or all of them. */
  async reset(session?: string): Promise<void> {
    this.local.reset(session);
    this.#pending.reset(session);
    if (session === undefined) this.#sentMessages.clear();
    // What every replica counted before the reset was asked lands first, then goes with the rest.
    await this.flush();
    await new Promise((resolve) => setTimeout(resolve, READ_SETTLE_MS));
    await this.store.resetCoverage(session);
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush().catch(() => undefined);
  }

  #model(): CoverageModel {
    return new CoverageModel({
      operations: this.local.operations(),
      maxSessions: this.limits.maxSessions,
      sessionIdleMs: this.limits.sessionIdleMs,
      documentFindings: () => this.local.documentFindings(),
    });
  }
}
