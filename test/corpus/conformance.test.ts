/**
 * The issue's acceptance test: every operation of every corpus document, called with a valid request
 * and with invalid ones, gets an answer the document allows (or a catalogued rejection where the
 * document defines nothing fitting). Cases listed in known-gaps.ts are expected failures (`it.fails`)
 * until the issue item they wait for lands.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRequests } from './harness/build-requests.js';
import { caseKey, compareWithTable, gapsByCase } from './harness/gaps.js';
import { corpusFiles, loadDocument } from './harness/load-document.js';
import { type CaseResult, runDocument } from './harness/run-document.js';
import { KNOWN_GAPS } from './known-gaps.js';

const documents = await Promise.all(corpusFiles().map(loadDocument));
const gaps = gapsByCase(KNOWN_GAPS);

describe.each(documents)('corpus document $name', (document) => {
  const results = new Map<string, CaseResult>();
  beforeAll(async () => {
    for (const result of await runDocument(document)) results.set(caseKey(result.document, result.operation, result.kind), result);
  }, 60_000);

  const cases = document.operations.flatMap((operation) => buildRequests(operation).map((request) => ({ operation, request })));
  for (const { operation, request } of cases) {
    const key = caseKey(document.name, operation.name, request.kind);
    const listed = gaps.get(key);
    const title = `${operation.name} | ${request.kind}${listed ? ` (known gap: ${[...new Set(listed.map((g) => g.waitsFor))].join(', ')})` : ''}`;
    // An expected failure flips to a failure once fixed: then remove its entries from known-gaps.ts.
    (listed ? it.fails : it)(title, () => {
      expect(results.get(key)?.violations ?? [`case ${key} did not run`]).toEqual([]);
    });
  }

  it('known-gaps.ts lists exactly the rules each case breaks today', () => {
    const wrong: string[] = [];
    for (const [key, result] of results) {
      const { unlisted, fixed } = compareWithTable(result.violations, gaps.get(key) ?? []);
      if (unlisted.length > 0) wrong.push(`${key}: breaks ${unlisted.join(', ')} (not in known-gaps.ts)`);
      if (fixed.length > 0) wrong.push(`${key}: ${fixed.join(', ')} now hold (remove from known-gaps.ts)`);
    }
    const stale = KNOWN_GAPS.filter((g) => g.document === document.name && !results.has(caseKey(g.document, g.operation, g.kind)));
    for (const g of stale) wrong.push(`${caseKey(g.document, g.operation, g.kind)}: no such case (remove from known-gaps.ts)`);
    expect(wrong).toEqual([]);
  });
});

it('known-gaps.ts names only documents of the corpus', () => {
  const names = new Set(documents.map((d) => d.name));
  expect(KNOWN_GAPS.filter((g) => !names.has(g.document))).toEqual([]);
});
