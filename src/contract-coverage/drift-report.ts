import { xml } from './coverage-junit.js';
import type { CoverageReport, UpstreamCoverage } from './coverage-report.js';

/** GET /__mock/drift: where the real service's answers (`--proxy`) broke the document, per operation. */
export interface DriftReport {
  readonly session: string | null;
  readonly summary: { readonly upstreamAnswers: number; readonly driftingAnswers: number; readonly operationsDrifting: number };
  readonly operations: readonly ({ readonly method: string; readonly path: string; readonly operationId?: string } & UpstreamCoverage)[];
}

/** The drift part of a coverage report: the operations the real service answered. */
export function driftReport(coverage: CoverageReport): DriftReport {
  const operations = coverage.operations.flatMap((o) =>
    o.upstream === undefined
      ? []
      : [{ method: o.method, path: o.path, ...(o.operationId === undefined ? {} : { operationId: o.operationId }), ...o.upstream }],
  );
  return {
    session: coverage.session,
    summary: {
      upstreamAnswers: coverage.summary.upstreamAnswers ?? 0,
      driftingAnswers: coverage.summary.driftingAnswers ?? 0,
      operationsDrifting: operations.filter((o) => o.drifting > 0).length,
    },
    operations,
  };
}

/** As JUnit XML: one case per operation the real service answered, failing when an answer drifted. */
export function driftJunit(report: DriftReport): string {
  const cases = report.operations.map((o) => {
    const name = xml(`${o.method} ${o.path}: ${o.answers} upstream answer(s) fit the document`);
    if (o.drifting === 0) return `    <testcase classname="drift" name="${name}"/>`;
    const what = o.findings.map((f) => `${f.kind}: ${f.message} (${f.answers})`).join('\n');
    return `    <testcase classname="drift" name="${name}">\n      <failure message="${xml(`${o.drifting} drifting answer(s)`)}">${xml(what)}</failure>\n    </testcase>`;
  });
  const failures = report.operations.filter((o) => o.drifting > 0).length;
  const name = `contract drift${report.session === null ? '' : ` of session ${report.session}`}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" tests="${cases.length}" failures="${failures}" errors="0">`,
    `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" errors="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** As Markdown: a summary line and a table of what drifted. */
export function driftMarkdown(report: DriftReport): string {
  const { upstreamAnswers, driftingAnswers } = report.summary;
  const lines = [`# Contract drift${report.session === null ? '' : ` (session ${inline(report.session)})`}`, ''];
  lines.push(`${driftingAnswers} of ${upstreamAnswers} answers of the real service drifted from the document.`, '');
  if (report.operations.length === 0) return `${lines.join('\n')}\n`;
  lines.push('| operation | answers | drifting | what drifted |', '|---|---|---|---|');
  for (const o of report.operations) {
    const what = o.findings.map((f) => inline(`${f.kind}: ${f.message}`)).join('<br>') || '-';
    lines.push(`| ${inline(`${o.method} ${o.path}`)} | ${o.answers} | ${o.drifting} | ${what} |`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Text from the real service (finding messages quote its values) or a client (the session id) as
 * Markdown shows it, never as markup: HTML's `<`, `>` and `&` as entities, Markdown's punctuation
 * (links, emphasis, code, table pipes) escaped, line breaks as spaces.
 */
export function inline(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]()#!|~{}+-]/g, (c) => `\\${c}`)
    .replace(/[\r\n]+/g, ' ');
}
