import type { JournalEntry } from './journal-entry.js';

/** What the admin API filters entries by; every field is optional and they combine with AND. */
export interface JournalFilter {
  /** Exact X-Mock-Session value. */
  readonly session?: string;
  /** HTTP method, any case. */
  readonly method?: string;
  /** Exact path, or a pattern where `*` stands for any characters (`/plants*`). */
  readonly path?: string;
  /** Exact status (`201`) or a class (`4xx`). */
  readonly status?: string;
  /** ISO 8601 date-time: entries at or after it. */
  readonly since?: string;
  /** With several documents, the name of the one that answered. */
  readonly spec?: string;
}

const FILTER_FIELDS = ['session', 'method', 'path', 'status', 'since', 'spec'] as const;

/** Compiled once per admin request; says which criteria an entry misses (none: it matches). */
export type EntryMatcher = (entry: JournalEntry) => string[];

export function compileFilter(filter: JournalFilter): EntryMatcher {
  const checks: ((entry: JournalEntry) => string | undefined)[] = [];
  if (filter.session !== undefined) {
    const session = filter.session;
    checks.push((e) => (e.session === session ? undefined : `session: expected ${session}, got ${e.session ?? '(none)'}`));
  }
  if (filter.spec !== undefined) {
    const spec = filter.spec;
    checks.push((e) => (e.spec === spec ? undefined : `spec: expected ${spec}, got ${e.spec ?? '(none)'}`));
  }
  if (filter.method !== undefined) {
    const method = filter.method.toUpperCase();
    checks.push((e) => (e.method === method ? undefined : `method: expected ${method}, got ${e.method}`));
  }
  if (filter.path !== undefined) {
    const expected = filter.path;
    const matches = globMatcher(expected);
    checks.push((e) => (matches(e.path) ? undefined : `path: expected ${expected}, got ${e.path}`));
  }
  if (filter.status !== undefined) {
    const expected = filter.status.toLowerCase();
    const matches = expected.endsWith('xx') ? (s: number) => String(s)[0] === expected[0] : (s: number) => String(s) === expected;
    checks.push((e) => (matches(e.status) ? undefined : `status: expected ${expected}, got ${e.status}`));
  }
  if (filter.since !== undefined) {
    const since = Date.parse(filter.since);
    checks.push((e) => (e.time >= since ? undefined : `time: expected since ${filter.since}, got ${new Date(e.time).toISOString()}`));
  }
  return (entry) => {
    const misses: string[] = [];
    for (const check of checks) {
      const miss = check(entry);
      if (miss !== undefined) misses.push(miss);
    }
    return misses;
  };
}

/** The filter's own fields of an input that may carry others (verify's expectation). */
export function pickFilter(input: JournalFilter & object): JournalFilter {
  const filter: Record<string, string> = {};
  for (const field of FILTER_FIELDS) {
    const value = (input as Record<string, unknown>)[field];
    if (value !== undefined) filter[field] = String(value);
  }
  return filter;
}

/**
 * A `*` glob as a matcher in linear time: no regular expression is built from the filter, so no path
 * and filter can make it backtrack. The literal parts between stars must appear in order; taking each
 * at its first place after the previous one is right, since a star can absorb whatever lies between.
 */
export function globMatcher(glob: string): (text: string) => boolean {
  const parts = glob.split('*');
  if (parts.length === 1) return (text) => text === glob;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  return (text) => {
    if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
    let at = first.length;
    const end = text.length - last.length;
    for (const part of middle) {
      const found = text.indexOf(part, at);
      if (found === -1 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}
