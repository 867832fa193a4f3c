/**
 * Every answer valid, judged independently: each corpus document's valid requests (static and
 * generated answers, several seeds) are answered by the mock, and each JSON answer is checked by Ajv
 * against the document as written (independent/ajv-judge.ts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { buildRequests } from './harness/build-requests.js';
import { corpusFiles, loadDocument } from './harness/load-document.js';
import { ajvJudge } from './independent/ajv-judge.js';

const extra = [
  ...['harness-gaps', 'invalid-examples', 'path-templates', 'media-both-ways', 'identifiers', 'judged-as-openapi30'].map(
    (name) => new URL(`../api/fixtures/${name}.yaml`, import.meta.url).pathname,
  ),
  new URL('../json-schema/fixtures/schema-2020.yaml', import.meta.url).pathname,
];
const SEEDS = [1, 2, 3];

describe('every JSON answer validates against its documented schema (Ajv, not the mock nor Prism)', () => {
  for (const file of [...corpusFiles(), ...extra]) {
    it(file.split('/').pop() ?? file, async () => {
      const document = await loadDocument(file);
      const judge = ajvJudge(file);
      const wrong: string[] = [];
      for (const seed of SEEDS) {
        const server = await createMockServer({ spec: file, seed, logLevel: 'silent' });
        try {
          for (const operation of document.operations) {
            const requests = buildRequests(operation).filter(
              (r) => r.kind === 'valid' || r.kind === 'dynamic' || r.kind === 'forced-status',
            );
            for (const request of requests) {
              const response = await server.inject({
                method: request.method as 'GET',
                url: request.url,
                headers: request.headers,
                payload: request.payload,
              });
              const mediaType =
                String(response.headers['content-type'] ?? '')
                  .split(';')[0]
                  ?.trim()
                  .toLowerCase() ?? '';
              if (!/json/.test(mediaType) || response.headers['x-mock-error'] !== undefined || response.body === '') continue;
              const problems = judge(
                operation.prism.path,
                operation.prism.method,
                response.statusCode,
                mediaType,
                JSON.parse(response.body),
              );
              if (problems.length > 0)
                wrong.push(`${operation.name} ${request.kind} seed ${seed} -> ${response.statusCode}: ${problems.join('; ')}`);
            }
          }
        } finally {
          await server.close();
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('the independent judge', () => {
  it('catches what the mock would serve with --serve-invalid-examples', async () => {
    const file = extra[1] ?? '';
    const judge = ajvJudge(file);
    const server = await createMockServer({ spec: file, serveInvalidExamples: true, logLevel: 'silent' });
    try {
      const body = (await server.inject({ url: '/offers' })).json();
      expect(judge('/offers', 'get', 200, 'application/json', body)).toEqual(['/status must be equal to one of the allowed values']);
    } finally {
      await server.close();
    }
  });

  it('reads a required writeOnly property as OpenAPI 3.0 does (required of requests only), and no $id', () => {
    const judge = ajvJudge(extra[5] ?? '');
    expect(judge('/links', 'get', 200, 'application/json', [{ url: 'https://example.com/l/1' }])).toEqual([]);
    expect(judge('/links', 'get', 200, 'application/json', [{}])).toEqual(["/0 must have required property 'url'"]);
    expect(judge('/link-schema', 'get', 200, 'application/json', { type: 'object' })).toEqual([]);
  });

  it('reads an OpenAPI 3.1 nullable without a type as 3.1 does: a word it ignores', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'judge-')), 'nullable-31.json');
    const schema = { nullable: true, properties: { name: { type: 'string' } } };
    const answer = { description: 'ok', content: { 'application/json': { schema } } };
    const paths = { '/things': { get: { responses: { '200': answer } } } };
    writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths }));
    const judge = ajvJudge(file);
    expect(judge('/things', 'get', 200, 'application/json', { name: 'fern' })).toEqual([]);
    expect(judge('/things', 'get', 200, 'application/json', { name: 1 })).toEqual(['/name must be string']);
  });
});
