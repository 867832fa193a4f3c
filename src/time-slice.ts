import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice of background work may hold the event loop before requests are served again. */
export const SLICE_MS = 8;

/**
 * Long work done a slice at a time (preparing a document's operations, rendering a recording): `spent`
 * says the slice is over, `pause()` lets the event loop turn, so requests arriving meanwhile are
 * answered between two slices, and starts the next one.
 */
export class TimeSlices {
  #until = performance.now() + SLICE_MS;

  get spent(): boolean {
    return performance.now() >= this.#until;
  }

  async pause(): Promise<void> {
    await nextTurn();
    this.#until = performance.now() + SLICE_MS;
  }

  /** Pauses only when the slice is spent. */
  async pauseIfSpent(): Promise<void> {
    if (this.spent) await this.pause();
  }
}
