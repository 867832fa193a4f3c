import { describe, expect, it } from 'vitest';
import { PATTERN_ENGINES } from '../../src/prism/prism-internals.js';
import { eventually } from '../support/eventually.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/one-of-text.yaml', import.meta.url).pathname;

describe('a oneOf parameter read as text', () => {
  it('accepts text that fits exactly one branch without coercion, and refuses text that fits none', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/leagues/1' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/leagues/lec' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/leagues/LEC' })).statusCode).toBe(400);
  });

  it('lets text pass where Ajv refuses the schema without coercion, and says so once in the lint and the log', async () => {
    const lines: string[] = [];
    const server = await mockServer({ spec, logLevel: 'warn', logStream: { write: (line: string) => lines.push(line) } });
    expect((await server.inject({ url: '/odd/1' })).statusCode).toBe(200);
    await eventually(async () => (await server.inject({ url: '/__mock/document' })).json().lint.complete === true);
    const findings = (await server.inject({ url: '/__mock/document' })).json().lint.findings as { kind: string; pointer: string }[];
    const pointer = '/paths/~1odd~1{key}/get/parameters/0/schema';
    expect(findings.filter((f) => f.pointer === pointer)).toEqual([
      expect.objectContaining({ kind: 'schema', operation: 'getOdd', message: expect.stringContaining('let pass unchecked') }),
    ]);
    expect(findings.some((f) => f.pointer.startsWith('/paths/~1leagues'))).toBe(false);
    expect(lines.filter((line) => line.includes(pointer))).toHaveLength(1);
  });
});

describe('a parameter schema Ajv refuses', () => {
  it('leaves nothing behind in Prism’s Ajv instances, however many requests check it', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/odd/1' })).statusCode).toBe(200);
    const held = () =>
      PATTERN_ENGINES.reduce((sum, ajv) => sum + ((ajv as unknown as { _cache: Map<unknown, unknown> })._cache.size ?? 0), 0);
    const before = held();
    for (let i = 0; i < 50; i++) expect((await server.inject({ url: `/odd/${i}` })).statusCode).toBe(200);
    // Prism compiles a copy of the schema for every request (it keeps only the validators that compile),
    // and Ajv kept an entry for each failed compile: one per request, for as long as the process ran.
    expect(held() - before).toBeLessThan(5);
  });
});
