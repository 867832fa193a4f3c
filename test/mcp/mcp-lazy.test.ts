import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const LIB = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/** In a fresh process on the built package: which MCP modules are loaded after API and admin requests, then after the MCP endpoint's. */
const SCRIPT = `
import { createRequire } from 'node:module';
const { createMockServer } = await import(${JSON.stringify(LIB)});
const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes('@modelcontextprotocol')).length;
const server = await createMockServer({ spec: 'test/fixtures/plantstore-crud.yaml' });
await server.inject({ method: 'GET', url: '/plants/1', headers: { authorization: 'Bearer t' } });
await server.inject({ method: 'GET', url: '/__mock/journal' });
const before = loaded();
const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
const answer = await server.inject({ method: 'POST', url: '/__mock/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, payload: JSON.stringify(init) });
console.log(JSON.stringify({ before, after: loaded(), status: answer.statusCode }));
await server.close();
`;

describe('MCP when unused', () => {
  it('loads no MCP code for API and admin requests, and loads it on the first request to /__mock/mcp', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], { timeout: 60_000 });
    const seen = JSON.parse(stdout.trim().split('\n').pop() as string);
    expect(seen.before).toBe(0);
    expect(seen.after).toBeGreaterThan(0);
    expect(seen.status).toBe(200);
  });
});
