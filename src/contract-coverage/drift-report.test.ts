import { describe, expect, it } from 'vitest';
import { type DriftReport, driftMarkdown } from './drift-report.js';

describe('the Markdown drift report', () => {
  it("shows the real service's text and the session id as text, never as markup", () => {
    const hostile = '<img src=x onerror=alert(1)> [click](javascript:alert(1)) `code` | cell\nnext';
    const report = {
      session: '<script>x</script>',
      summary: { upstreamAnswers: 1, driftingAnswers: 1, operationsDrifting: 1 },
      operations: [{ method: 'GET', path: '/plants/{id}', answers: 1, drifting: 1, findings: [{ kind: 'body', message: hostile }] }],
    } as unknown as DriftReport;
    const text = driftMarkdown(report);
    expect(text).not.toMatch(/<img|<script|\]\(javascript/);
    expect(text).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;');
    // One table row: the pipe and the line break inside the message split nothing.
    const rows = text.split('\n').filter((line) => line.startsWith('| '));
    expect(rows).toHaveLength(2);
    expect(rows[1]?.split(/(?<!\\)\|/)).toHaveLength(6);
  });
});
