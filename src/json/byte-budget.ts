import type { Problem } from '../problem.js';
import { LongInteger } from './long-integer.js';

/** Where a store would go beyond its budget. */
export interface OverBudget {
  readonly scope: 'the session' | 'all sessions';
  readonly limit: number;
}

/**
 * Bytes of stored data (stateful records, scenario `store` bodies) each owner (a session) holds, against
 * a budget per owner and one for all of them: memory bounded in bytes, not in counts. A charge that
 * does not fit is refused whole, so the caller answers an error and nothing is dropped silently.
 */
export class ByteBudget {
  readonly #used = new Map<object, number>();
  #total = 0;

  constructor(
    readonly perOwner: number,
    readonly total: number,
  ) {}

  /** Adds `delta` bytes (negative: frees them) to the owner's use; undefined when done, else where it does not fit. */
  charge(owner: object, delta: number): OverBudget | undefined {
    const used = this.#used.get(owner) ?? 0;
    if (delta > 0) {
      if (used + delta > this.perOwner) return { scope: 'the session', limit: this.perOwner };
      if (this.#total + delta > this.total) return { scope: 'all sessions', limit: this.total };
    }
    const next = Math.max(0, used + delta);
    this.#total += next - used;
    if (next === 0) this.#used.delete(owner);
    else this.#used.set(owner, next);
    return undefined;
  }

  /** Sets an owner's use to what another store holds for it, even beyond the budgets (its next charge is refused then). */
  hold(owner: object, bytes: number): void {
    this.release(owner);
    if (bytes <= 0) return;
    this.#used.set(owner, bytes);
    this.#total += bytes;
  }

  /** Forgets an owner's use (its session expired or was reset). */
  release(owner: object): void {
    this.#total -= this.#used.get(owner) ?? 0;
    this.#used.delete(owner);
  }

  releaseAll(): void {
    this.#used.clear();
    this.#total = 0;
  }

  used(owner?: object): number {
    return owner === undefined ? this.#total : (this.#used.get(owner) ?? 0);
  }
}

/** Per value and per key beyond its characters: what a small object or number costs the heap, roughly. */
const OVERHEAD = 16;

/** The bytes a parsed JSON value holds, estimated from its characters (strings are one byte per character in most cases). */
export function jsonBytes(value: unknown): number {
  if (typeof value === 'string') return OVERHEAD + value.length;
  if (value === null || typeof value !== 'object') return OVERHEAD;
  if (value instanceof LongInteger) return OVERHEAD + value.digits.length;
  let bytes = OVERHEAD;
  if (Array.isArray(value)) {
    for (const item of value) bytes += jsonBytes(item);
    return bytes;
  }
  for (const key of Object.keys(value)) bytes += OVERHEAD + key.length + jsonBytes((value as Record<string, unknown>)[key]);
  return bytes;
}

/** The catalogue's answer to a store that does not fit: how much it wanted, and which budget it would break. */
export function overBudgetProblem(over: OverBudget, bytes: number): Problem {
  return { code: 'STATE_BUDGET_EXCEEDED', params: { bytes, scope: over.scope, limit: over.limit } };
}
