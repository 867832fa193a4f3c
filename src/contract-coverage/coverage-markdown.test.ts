import { describe, expect, it } from 'vitest';
import { hostileReport } from '../../test/contract-coverage/hostile-report.js';
import { cell, coverageMarkdown } from './coverage-markdown.js';

describe('coverageMarkdown', () => {
  const text = coverageMarkdown(hostileReport());
  const rows = text.split('\n').filter((line) => line.startsWith('|'));

  it('is one table row per operation, each with as many cells as the header', () => {
    expect(rows).toHaveLength(4);
    const cells = (row: string) => row.replace(/\\\|/g, '').split('|').length;
    for (const row of rows) expect(cells(row)).toBe(cells(rows[0] ?? ''));
  });

  it('says what was served, never served, undocumented and never sent', () => {
    expect(text).toContain('**33.3%** of documented responses served (1 of 3)');
    expect(rows[2]).toContain('200 application/json (3)');
    expect(rows[2]).toContain('4XX application/problem+json');
    expect(rows[2]).toContain('500 (1)');
    expect(rows[2]).toContain('2: INVALID_REQUEST x2');
    expect(rows[2]).toContain('body.a\\|b, query.q=&lt;script&gt;');
    expect(text).toContain('1 request(s) matched no operation of the document: NOT_FOUND x1.');
  });

  it('escapes pipes, backslashes, line breaks and markup in cells', () => {
    expect(cell('a|b\\c\nd<e>&')).toBe('a\\|b\\\\c d&lt;e&gt;&amp;');
  });
});
