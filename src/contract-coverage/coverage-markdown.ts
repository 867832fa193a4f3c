import type { CoverageReport, OperationCoverage } from './coverage-report.js';

/** The report as Markdown for a CI step summary: the totals, then one table row per operation. */
export function coverageMarkdown(report: CoverageReport): string {
  const { summary, unmatched } = report;
  const scope = report.session === null ? '' : ` (session \`${cell(report.session)}\`)`;
  const lines = [
    `## Contract coverage${scope}`,
    '',
    `**${summary.percent}%** of documented responses served (${summary.documentedResponsesServed} of ${summary.documentedResponses}), ` +
      `${summary.operationsExercised} of ${summary.operations} operations exercised, ` +
      `**${summary.violations}** request(s) breaking the contract, ${summary.requests} request(s) in all.`,
    '',
    '| Operation | Requests | Served | Never served | Undocumented served | Violations | Never sent |',
    '| --- | ---: | --- | --- | --- | ---: | --- |',
    ...report.operations.map(row),
  ];
  if (unmatched.requests > 0) {
    lines.push('', `${unmatched.requests} request(s) matched no operation of the document: ${list(codes(unmatched.rejected))}.`);
  }
  if (report.documentFindings.length > 0) {
    lines.push('', `${report.documentFindings.length} finding(s) in the document itself (see \`GET /__mock/document\`).`);
  }
  return `${lines.join('\n')}\n`;
}

function row(operation: OperationCoverage): string {
  const served: string[] = [];
  const missing: string[] = [];
  for (const response of operation.responses) {
    for (const media of response.mediaTypes ?? []) {
      const answer = `${response.status}${media.mediaType === null ? '' : ` ${media.mediaType}`}`;
      if (media.served > 0) served.push(`${answer} (${media.served})`);
      else missing.push(answer);
    }
  }
  const undocumented = operation.responses.filter((r) => !r.documented).map((r) => `${r.status} (${r.served})`);
  const name = `\`${operation.method} ${operation.path}\`${operation.operationId ? ` ${operation.operationId}` : ''}`;
  const violations = operation.violations > 0 ? `${operation.violations}: ${codes(operation.rejected).join(', ')}` : '0';
  return `| ${[name, String(operation.requests), list(served), list(missing), list(undocumented), violations, list(operation.neverSent)].map(cell).join(' | ')} |`;
}

function codes(rejected: Readonly<Record<string, number>>): string[] {
  return Object.entries(rejected).map(([code, count]) => `${code} x${count}`);
}

function list(items: readonly string[]): string {
  return items.length === 0 ? '-' : items.join(', ');
}

/** Text safe in a table cell: no line breaks, `|` and backslashes escaped, no HTML. */
export function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
