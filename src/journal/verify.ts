import type { JournalEntry } from './journal-entry.js';
import { compileFilter, type JournalFilter } from './journal-filter.js';
import { presentEntry } from './present-entry.js';

export type Expectation = { readonly atLeast: number } | { readonly exactly: number };

export interface Verification {
  readonly pass: boolean;
  readonly expected: string;
  readonly count: number;
  readonly message: string;
  /** On failure, the entries that came closest to matching (fewest missed criteria, newest first), with what they missed. */
  readonly closest: readonly Record<string, unknown>[];
}

const CLOSEST_SHOWN = 3;

/** "At least / exactly N requests matching the filter": a pass or a failure that shows what came close. */
export function verify(entries: readonly JournalEntry[], filter: JournalFilter, expectation: Expectation): Verification {
  const match = compileFilter(filter);
  const misses = entries.map((entry) => ({ entry, missed: match(entry) }));
  const count = misses.filter((m) => m.missed.length === 0).length;
  const [expected, pass] =
    'exactly' in expectation
      ? [`exactly ${expectation.exactly}`, count === expectation.exactly]
      : [`at least ${expectation.atLeast}`, count >= expectation.atLeast];
  const criteria = describeFilter(filter);
  const message = `${pass ? 'Verified' : 'Verification failed'}: expected ${expected} request(s) matching ${criteria}, found ${count}`;
  const closest = pass
    ? []
    : misses
        .filter((m) => m.missed.length > 0)
        .sort((a, b) => a.missed.length - b.missed.length || b.entry.id - a.entry.id)
        .slice(0, CLOSEST_SHOWN)
        .map((m) => ({ ...presentEntry(m.entry), mismatches: m.missed }));
  return { pass, expected, count, message, closest };
}

function describeFilter(filter: JournalFilter): string {
  const parts = Object.entries(filter).map(([key, value]) => `${key}=${value}`);
  return parts.length === 0 ? 'anything' : parts.join(', ');
}
