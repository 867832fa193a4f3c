import type { CoverageReport } from './coverage-report.js';

/** The report for a terminal: one line per operation, what is missing after it. */
export function coverageText(report: CoverageReport): string {
  const { summary } = report;
  const lines = [
    `contract coverage${report.session === null ? '' : ` of session ${report.session}`}: ${summary.percent}% ` +
      `(${summary.documentedResponsesServed}/${summary.documentedResponses} documented responses served), ` +
      `${summary.operationsExercised}/${summary.operations} operations exercised, ${summary.violations} violation(s), ${summary.requests} request(s)`,
  ];
  for (const operation of report.operations) {
    const missing = operation.responses.flatMap((r) =>
      (r.mediaTypes ?? []).filter((m) => m.served === 0).map((m) => `${r.status}${m.mediaType === null ? '' : ` ${m.mediaType}`}`),
    );
    const undocumented = operation.responses.filter((r) => !r.documented).map((r) => r.status);
    const notes = [
      missing.length > 0 ? `never served: ${missing.join(', ')}` : 'every documented response served',
      ...(undocumented.length > 0 ? [`undocumented: ${undocumented.join(', ')}`] : []),
      ...(operation.violations > 0 ? [`violations: ${operation.violations}`] : []),
      ...(operation.neverSent.length > 0 ? [`never sent: ${operation.neverSent.join(', ')}`] : []),
    ];
    lines.push(`  ${operation.method} ${operation.path}: ${operation.requests} request(s); ${notes.join('; ')}`);
  }
  if (report.unmatched.requests > 0)
    lines.push(`  unmatched: ${report.unmatched.requests} request(s), ${report.unmatched.violations} violation(s)`);
  for (const finding of report.documentFindings) lines.push(`  document: ${finding.kind} at ${finding.pointer}: ${finding.message}`);
  return `${lines.join('\n')}\n`;
}
