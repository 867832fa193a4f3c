import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapStatistics } from 'node:v8';
import { verdictsOf } from '../load/example-check.js';
import { checkRestOfDocument, type LoadedSpec } from '../load/load-spec.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { TimeSlices } from '../time-slice.js';

/**
 * How far a server has prepared its operations (GET /__mock/health): `ready` once preparation is over,
 * every operation prepared, or as many as the memory bound let (`prepared` < `operations`).
 */
export interface Readiness {
  readonly ready: boolean;
  /** Preparation has begun (the server listens, or `--warm`): until `ready`, `/__mock/health/ready` says not yet. */
  readonly started: boolean;
  readonly prepared: number;
  readonly operations: number;
}

/** The operations of one document load, and what prepares one of them. */
export interface PreparationWork {
  readonly operations: readonly MockOperation[];
  /** The steps that prepare `operation`, each run when the one before is done (a slice may end between two). */
  prepare(operation: MockOperation): Iterable<unknown>;
  /** Run once every operation is prepared (the checks outside the operations). */
  finish?(): void;
}

/**
 * Preparation stops once the heap holds this share of what it may grow to: what is prepared stays in
 * memory (each operation read and compiled), and a document far larger than the process's memory
 * (Microsoft Graph's) must leave room to serve; the operations left are prepared on first use.
 */
const HEAP_SHARE = 0.5;

/**
 * Prepares every operation of a document, in slices of a few milliseconds with the event loop let go
 * between them (requests arriving meanwhile are answered between two slices), so that no first call
 * of an operation pays for reading and compiling it. One per document load: a reload (`--watch`)
 * starts a new one and the old one stops. Nothing runs until `run()`; `stop()` ends it where it is.
 */
export class Preparation {
  readonly #work: PreparationWork;
  #next = 0;
  #stopped = false;
  #over = false;
  #running: Promise<void> | undefined;
  /** The steps left of the operation being prepared. */
  #steps: Iterator<unknown> | undefined;

  constructor(work: PreparationWork) {
    this.#work = work;
  }

  get readiness(): Readiness {
    const operations = this.#work.operations.length;
    return { ready: this.#over || this.#next >= operations, started: this.#running !== undefined, prepared: this.#next, operations };
  }

  /**
   * Prepares what is left, beginning `afterMs` from now (it counts as started at once); resolves when every
   * operation is prepared or preparation was stopped. Idempotent: a second call neither waits nor starts again.
   */
  run(afterMs = 0): Promise<void> {
    this.#running ??= this.#slices(afterMs);
    return this.#running;
  }

  stop(): void {
    this.#stopped = true;
  }

  async #slices(afterMs: number): Promise<void> {
    const { operations, prepare, finish } = this.#work;
    // Not a handle that keeps the process alive: a server that closes meanwhile stops it.
    if (afterMs > 0) await sleep(afterMs, undefined, { ref: false });
    const slices = new TimeSlices();
    while (this.#next < operations.length && !this.#stopped && withinMemory()) {
      do {
        let done = true;
        try {
          this.#steps ??= prepare(operations[this.#next] as MockOperation)[Symbol.iterator]();
          done = this.#steps.next().done === true;
        } catch {
          // What failed here fails again on the operation's first request, which answers for it.
        }
        if (done) {
          this.#steps = undefined;
          this.#next += 1;
        }
      } while (this.#next < operations.length && !slices.spent);
      await slices.pause();
    }
    if (this.#stopped) return;
    this.#over = true;
    finish?.();
  }
}

function withinMemory(): boolean {
  const { used_heap_size: used, heap_size_limit: limit } = getHeapStatistics();
  return used < limit * HEAP_SHARE;
}

/** What makes each operation of a load ready for its first request: its examples checked, then its rehearsal (rehearse.ts). */
export function preparationOf(pipeline: Pipeline, spec: LoadedSpec): Preparation {
  return new Preparation({
    operations: spec.operations,
    *prepare(operation) {
      for (const verdict of verdictsOf(operation)) {
        try {
          verdict();
        } catch {
          // Checked again where the answer needs it, which answers for a failure.
        }
        yield;
      }
      yield* pipeline.prepare(operation);
    },
    finish() {
      checkRestOfDocument(spec);
      spec.lint.complete = true;
    },
  });
}
