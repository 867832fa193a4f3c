/** The shape of the known-gaps table and how a run's results are compared with it. */
import type { RequestKind, Rule, Violation } from './types.js';

/** The issue's items a gap waits for (the issue numbers its behaviours 13.1 to 13.9). */
export type IssueItem =
  | '13.1 negotiation'
  | '13.2 media types'
  | "13.3 document's error responses"
  | '13.4 default status'
  | '13.5 response headers'
  | '13.6 static answers'
  | '13.7 recursive schemas'
  | '13.8 routing and parameters'
  | '13.9 forcing';

export interface KnownGap {
  readonly document: string;
  readonly operation: string;
  readonly kind: RequestKind;
  readonly rule: Rule;
  readonly waitsFor: IssueItem;
}

export const caseKey = (document: string, operation: string, kind: string) => `${document} | ${operation} | ${kind}`;

/** The table's rules for each case, by case key. */
export function gapsByCase(gaps: readonly KnownGap[]): Map<string, KnownGap[]> {
  const map = new Map<string, KnownGap[]>();
  for (const gap of gaps) {
    const key = caseKey(gap.document, gap.operation, gap.kind);
    map.set(key, [...(map.get(key) ?? []), gap]);
  }
  return map;
}

/** Rules broken that the table does not name, and rules the table names that now hold. */
export function compareWithTable(violations: readonly Violation[], listed: readonly KnownGap[]): { unlisted: string[]; fixed: string[] } {
  const broken = new Set(violations.map((v) => v.rule));
  const named = new Set(listed.map((g) => g.rule));
  return { unlisted: [...broken].filter((r) => !named.has(r)), fixed: [...named].filter((r) => !broken.has(r)) };
}
