import type { CoverageReport } from './coverage-report.js';

export interface GateBar {
  /** Least share of documented responses served, in percent. */
  readonly min?: number;
  /** Fail on any request the contract rejects. */
  readonly noViolations?: boolean;
  /** Fail on any answer of the real service (`--proxy`) that drifts from the document. */
  readonly noDrift?: boolean;
}

/** Whether a report clears the bar, with one line saying why not. */
export function checkGate(report: CoverageReport, bar: GateBar): { readonly pass: boolean; readonly reason: string } {
  const { documentedResponses, documentedResponsesServed, percent, violations } = report.summary;
  const scope = report.session === null ? '' : ` (session ${report.session})`;
  // Compared on the counts, not the rounded percent: 99.96% must not pass --min 100.
  if (bar.min !== undefined && documentedResponsesServed * 100 < bar.min * documentedResponses) {
    const missing = neverServed(report);
    return {
      pass: false,
      reason: `coverage ${percent}% is below --min ${bar.min}%${scope}: ${documentedResponsesServed} of ${documentedResponses} documented responses served; never served: ${missing}`,
    };
  }
  if (bar.noViolations && violations > 0) {
    const where = report.operations.filter((o) => o.violations > 0).map((o) => `${o.method} ${o.path} (${o.violations})`);
    if (report.unmatched.violations > 0) where.push(`unmatched (${report.unmatched.violations})`);
    return { pass: false, reason: `${violations} request(s) broke the contract${scope}: ${where.join(', ')}` };
  }
  const drifting = report.summary.driftingAnswers ?? 0;
  if (bar.noDrift && drifting > 0) {
    const where = report.operations
      .filter((o) => (o.upstream?.drifting ?? 0) > 0)
      .map((o) => `${o.method} ${o.path} (${o.upstream?.drifting}: ${Object.keys(o.upstream?.byKind ?? {}).join(', ')})`);
    return {
      pass: false,
      reason: `${drifting} answer(s) of the real service drifted from the document${scope}: ${where.join(', ')}`,
    };
  }
  return {
    pass: true,
    reason: `coverage ${percent}%${scope}: ${documentedResponsesServed} of ${documentedResponses} documented responses served, ${violations} violation(s)`,
  };
}

/** `POST /plants 400 application/json, ...`, the first few. */
function neverServed(report: CoverageReport, shown = 5): string {
  const missing = report.operations.flatMap((o) =>
    o.responses.flatMap((r) =>
      (r.mediaTypes ?? [])
        .filter((m) => m.served === 0)
        .map((m) => `${o.method} ${o.path} ${r.status}${m.mediaType ? ` ${m.mediaType}` : ''}`),
    ),
  );
  return missing.length <= shown ? missing.join(', ') : `${missing.slice(0, shown).join(', ')} and ${missing.length - shown} more`;
}
