/**
 * Every case of the corpus that fails today, by rule, with the issue item whose fix it waits for.
 * conformance.test.ts marks these cases `it.fails`: when a fix makes one pass, that test fails and
 * asks for its entries to be removed, and a test per document checks that each case breaks exactly
 * the rules listed here, no more and no fewer. Never add an entry to make a new failure go away
 * without naming the item it waits for.
 */
import type { IssueItem, KnownGap } from './harness/gaps.js';
import type { RequestKind, Rule } from './harness/types.js';

/** One entry of the table; kept for the next gap to be listed. */
export const gap = (document: string, operation: string, kind: RequestKind, rule: Rule, waitsFor: IssueItem): KnownGap => ({
  document,
  operation,
  kind,
  rule,
  waitsFor,
});

export const KNOWN_GAPS: readonly KnownGap[] = [];

/** A case the property test leaves out beyond KNOWN_GAPS: it fails only for some generated values or mock seeds. */
export interface PropertyGap {
  readonly document: string;
  readonly operation: string;
  readonly kinds: readonly RequestKind[];
  readonly waitsFor: IssueItem;
  readonly why: string;
}

export const PROPERTY_GAPS: readonly PropertyGap[] = [];
