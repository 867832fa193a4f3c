import type { DriftKind } from '../provenance.js';
import { MAX_DRIFT_MESSAGES, type OperationCounts, type UnmatchedCounts, type UpstreamCounts } from './coverage-counts.js';
import type { CoverageModel, CoverageTally } from './coverage-model.js';

/**
 * Coverage counts as flat counters (`field -> count`), so replicas sharing a store can add theirs with
 * HINCRBY and any replica can read the fleet's back into a CoverageModel (src/mock/fleet-coverage.ts).
 * Fields are tab-separated: `o` operation id, then what it counts; `u` the unmatched; `c` callbacks.
 * Indices (responses, slots, request parts) are the shape's, the same for replicas of one document.
 */
export type FlatCounts = Map<string, number>;

const SEP = '\t';

/** Adds a tally's counts (and, overall, the callback outcomes) to `into`. */
export function flattenTally(tally: CoverageTally, into: FlatCounts, model?: CoverageModel): FlatCounts {
  const add = (field: string, n: number) => {
    if (n !== 0) into.set(field, (into.get(field) ?? 0) + n);
  };
  for (const [operation, counts] of tally.byOperation) flattenOperation(`o${SEP}${operation.id}${SEP}`, counts, add);
  flattenUnmatched(tally.unmatched, add);
  if (model) for (const [operation, name, outcome, n] of model.callbackCounts()) add(['c', operation, name, outcome].join(SEP), n);
  return into;
}

function flattenOperation(at: string, counts: OperationCounts, add: (field: string, n: number) => void): void {
  add(`${at}q`, counts.requests);
  add(`${at}v`, counts.violations);
  for (const [code, n] of counts.rejected) add(`${at}r${SEP}${code}`, n);
  for (const [i, n] of counts.byResponse.entries()) add(`${at}R${SEP}${i}`, n);
  for (const [i, n] of counts.bySlot.entries()) add(`${at}S${SEP}${i}`, n);
  for (const [status, n] of counts.undocumented) add(`${at}U${SEP}${status}`, n);
  for (const [i, n] of counts.byKind.entries()) add(`${at}K${SEP}${i}`, n);
  for (const i of counts.sentItems()) add(`${at}I${SEP}${i}`, 1);
  flattenUpstream(`${at}p`, counts.upstream, add);
}

function flattenUpstream(at: string, upstream: UpstreamCounts, add: (field: string, n: number) => void): void {
  add(`${at}a`, upstream.answers);
  add(`${at}d`, upstream.drifting);
  for (const [kind, n] of upstream.byKind) add(`${at}k${SEP}${kind}`, n);
  for (const [message, n] of upstream.messages) add(`${at}m${SEP}${message}`, n);
}

function flattenUnmatched(unmatched: UnmatchedCounts, add: (field: string, n: number) => void): void {
  add(`u${SEP}q`, unmatched.requests);
  add(`u${SEP}v`, unmatched.violations);
  for (const [code, n] of unmatched.rejected) add(`u${SEP}r${SEP}${code}`, n);
}

/**
 * Drops from `fields` the drift messages (`o op pm message`) past MAX_DRIFT_MESSAGES distinct ones per
 * operation that `sent` (this replica's messages sent so far, by operation) already holds. A replica's
 * batch model is new every flush, so without this each batch could add 20 new messages to the store's
 * hash, which never shrinks: an upstream whose drift names array indices (`/items/17`) or echoes its
 * Content-Type grew it without end.
 */
export function capDriftMessages(fields: FlatCounts, sent: Map<string, Set<string>>): FlatCounts {
  for (const field of fields.keys()) {
    const parts = field.split(SEP, 3);
    if (parts[0] !== 'o' || parts[2] !== 'pm') continue;
    const operation = parts[1] ?? '';
    const messages = sent.get(operation) ?? new Set<string>();
    sent.set(operation, messages);
    if (messages.has(field)) continue;
    if (messages.size < MAX_DRIFT_MESSAGES) messages.add(field);
    else fields.delete(field);
  }
  return fields;
}

/**
 * Reads flat counters into `model`'s tally of `session` (undefined: overall; then callbacks too).
 * Fields of operations the model does not know (another document under the same prefix) are skipped.
 */
export function absorbFlat(model: CoverageModel, fields: Iterable<readonly [string, number]>, session?: string): void {
  const tally = model.tallyOf(session);
  for (const [field, n] of fields) {
    const parts = field.split(SEP);
    if (parts[0] === 'u') absorbUnmatched(tally.unmatched, parts, n);
    else if (parts[0] === 'c' && session === undefined && parts.length === 4)
      model.addCallbackOutcome(parts[1] ?? '', parts[2] ?? '', parts[3] ?? '', n);
    else if (parts[0] === 'o') {
      const counts = model.countsOf(tally, parts[1] ?? '');
      if (counts) absorbOperation(counts, parts.slice(2), n);
    }
  }
}

function absorbUnmatched(unmatched: UnmatchedCounts, parts: readonly string[], n: number): void {
  if (parts[1] === 'q') unmatched.requests += n;
  else if (parts[1] === 'v') unmatched.violations += n;
  else if (parts[1] === 'r') bump(unmatched.rejected, parts[2] ?? '', n);
}

function absorbOperation(counts: OperationCounts, [what, key = '', ...rest]: readonly string[], n: number): void {
  const index = Number(key);
  const at = (array: number[]) => {
    if (Number.isInteger(index) && index >= 0 && index < array.length) array[index] = (array[index] ?? 0) + n;
  };
  if (what === 'q') counts.requests += n;
  else if (what === 'v') counts.violations += n;
  else if (what === 'r') bump(counts.rejected, key, n);
  else if (what === 'R') at(counts.byResponse);
  else if (what === 'S') at(counts.bySlot);
  else if (what === 'U') bump(counts.undocumented, index, n);
  else if (what === 'K') at(counts.byKind);
  else if (what === 'I') counts.markSent(index);
  else if (what === 'pa') counts.upstream.answers += n;
  else if (what === 'pd') counts.upstream.drifting += n;
  else if (what === 'pk') bump(counts.upstream.byKind, key as DriftKind, n);
  else if (what === 'pm') {
    // Each replica keeps its first messages; the fleet's stay within the same bound.
    const messages = counts.upstream.messages;
    const message = [key, ...rest].join(SEP);
    if (messages.has(message) || messages.size < MAX_DRIFT_MESSAGES) bump(messages, message, n);
  }
}

function bump<K>(map: Map<K, number>, key: K, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}
