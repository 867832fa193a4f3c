import type { Exchange } from '../pipeline/types.js';
import type { DriftFinding, DriftKind } from '../provenance.js';
import { ANSWER_KINDS, isViolation } from './coverage-exchange.js';
import { type OperationShape, UNDOCUMENTED } from './operation-shape.js';
import { sends } from './request-items.js';

/** Adds one to a count in a Map. */
export function increment<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Distinct drift messages kept per operation: enough to name what broke, bounded whatever the traffic. */
export const MAX_DRIFT_MESSAGES = 20;

/** The upstream answers of one operation (`--proxy`) and their drift, by kind and by message. */
export class UpstreamCounts {
  answers = 0;
  drifting = 0;
  readonly byKind = new Map<DriftKind, number>();
  /** `kind\tmessage` -> answers that had it. */
  readonly messages = new Map<string, number>();

  record(drift: readonly DriftFinding[]): void {
    this.answers++;
    if (drift.length === 0) return;
    this.drifting++;
    const kinds = new Set<DriftKind>();
    for (const finding of drift) {
      kinds.add(finding.kind);
      const key = `${finding.kind}\t${finding.at === '' ? '' : `${finding.at}: `}${finding.message}`;
      if (this.messages.has(key) || this.messages.size < MAX_DRIFT_MESSAGES) increment(this.messages, key);
    }
    for (const kind of kinds) increment(this.byKind, kind);
  }
}

/** Requests the mock could not match to an operation of the document. */
export class UnmatchedCounts {
  requests = 0;
  violations = 0;
  readonly rejected = new Map<string, number>();

  record(rejection: string | undefined): void {
    this.requests++;
    if (rejection === undefined) return;
    increment(this.rejected, rejection);
    if (isViolation(rejection)) this.violations++;
  }
}

/**
 * The counts of one operation in one tally (overall or a session): plain numbers in arrays indexed by
 * the shape's slots, so recording an answer is a few increments. The request parts not yet seen are
 * kept packed at the front of `unseen`, so the check costs nothing once every part was sent.
 */
export class OperationCounts {
  readonly shape: OperationShape;
  requests = 0;
  violations = 0;
  readonly rejected = new Map<string, number>();
  /** Answers per documented response, whatever their media type. */
  readonly byResponse: number[];
  /** Answers per (documented response x media type) slot. */
  readonly bySlot: number[];
  /** Answers with a status the operation does not document. */
  readonly undocumented = new Map<number, number>();
  readonly byKind: number[] = ANSWER_KINDS.map(() => 0);
  /** The real service's answers through the proxy, and what drifted from the document. */
  readonly upstream = new UpstreamCounts();
  readonly #unseen: Int32Array;
  #unseenCount: number;

  constructor(shape: OperationShape) {
    this.shape = shape;
    this.byResponse = shape.responses.map(() => 0);
    this.bySlot = new Array<number>(shape.slotCount).fill(0);
    this.#unseen = Int32Array.from(shape.items.keys());
    this.#unseenCount = shape.items.length;
  }

  /** Arguments rather than an object: the model reads the exchange once for every tally it counts in, allocating nothing. */
  record(exchange: Exchange, status: number, rejection: string | undefined, kind: number, mediaType: string | undefined): void {
    this.requests++;
    const provenance = exchange.answer?.provenance;
    if (provenance?.kind === 'proxied') this.upstream.record(provenance.drift);
    this.byKind[kind] = (this.byKind[kind] ?? 0) + 1;
    if (rejection !== undefined) {
      increment(this.rejected, rejection);
      if (isViolation(rejection)) this.violations++;
    } else {
      // Answered as if valid, its validation switched off: a violation all the same.
      if (exchange.answer?.provenance?.waived !== undefined) this.violations++;
      if (this.#unseenCount > 0) this.#see(exchange);
    }
    if (status === 0) return;
    const response = this.shape.responseOf(status);
    if (response === UNDOCUMENTED) {
      increment(this.undocumented, status);
      return;
    }
    this.byResponse[response] = (this.byResponse[response] ?? 0) + 1;
    const slot = this.shape.slotOf(response, mediaType);
    if (slot !== UNDOCUMENTED) this.bySlot[slot] = (this.bySlot[slot] ?? 0) + 1;
  }

  /** Labels of the request parts no valid request sent, in the document's order. */
  neverSent(): string[] {
    const unseen = Array.from(this.#unseen.subarray(0, this.#unseenCount)).sort((a, b) => a - b);
    return unseen.map((i) => this.shape.items[i]?.label ?? '');
  }

  /** Indices (into the shape's items) of the request parts some valid request sent. */
  sentItems(): number[] {
    const unseen = new Set(this.#unseen.subarray(0, this.#unseenCount));
    return [...this.shape.items.keys()].filter((i) => !unseen.has(i));
  }

  /** Marks a request part as sent (another replica's count, read back from a shared store). */
  markSent(index: number): void {
    const unseen = this.#unseen;
    for (let i = 0; i < this.#unseenCount; i++) {
      if (unseen[i] === index) {
        unseen[i] = unseen[--this.#unseenCount] as number;
        return;
      }
    }
  }

  #see(exchange: Exchange): void {
    const items = this.shape.items;
    const unseen = this.#unseen;
    for (let i = this.#unseenCount - 1; i >= 0; i--) {
      const item = items[unseen[i] as number];
      if (item !== undefined && sends(item, exchange)) unseen[i] = unseen[--this.#unseenCount] as number;
    }
  }
}
