import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockServer, MockConfigError } from '../../src/index.js';
import { closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';
import { extensionsSpec } from './fixtures-serve.js';

closeServersAfterEach();

const VALID = JSON.stringify({ id: 1, name: 'Aloe vera' });

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe('delays without scenarios', () => {
  it('--delay MS makes every answer wait, rejections included', async () => {
    const server = await mockServer({ delay: '120' });
    const ok = await timed(() => postPlant(server, VALID));
    expect(ok.result.statusCode).toBe(200);
    expect(ok.ms).toBeGreaterThanOrEqual(110);
    const rejected = await timed(() => postPlant(server, VALID, { 'content-type': 'application/json' }));
    expect(rejected.result.statusCode).toBe(401);
    expect(rejected.ms).toBeGreaterThanOrEqual(110);
  });

  it('a request asks its own delay with Prefer: delay=MS, over the server one, and 0 answers at once', async () => {
    const server = await mockServer({ delay: '400' });
    const asked = await timed(() => postPlant(server, VALID, { ...JSON_BODY, prefer: 'delay=100' }));
    expect(asked.result.statusCode).toBe(200);
    expect(asked.ms).toBeGreaterThanOrEqual(90);
    expect(asked.ms).toBeLessThan(390);
    const none = await timed(() => postPlant(server, VALID, { ...JSON_BODY, prefer: 'delay=0' }));
    expect(none.ms).toBeLessThan(390);
  });

  it('Prefer: delay beyond the bound is refused with 422 naming it', async () => {
    const server = await mockServer();
    const response = await postPlant(server, VALID, { ...JSON_BODY, prefer: 'delay=600000' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('delay must be milliseconds from 0 to 60000');
  });

  it("an operation's x-mock-delay delays its answers only", async () => {
    const server = await mockServer({ spec: extensionsSpec() });
    const slow = await timed(() => server.inject({ method: 'GET', url: '/slow' }));
    expect(slow.result.statusCode).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(140);
    const other = await timed(() =>
      server.inject({ method: 'POST', url: '/strict', headers: { 'content-type': 'application/json' }, payload: '{"name":"a"}' }),
    );
    expect(other.result.statusCode).toBe(201);
    expect(other.ms).toBeLessThan(140);
  });

  it('a malformed --delay or x-mock-delay stops start-up with one message naming it', async () => {
    await expect(createMockServer({ delay: '500-100' })).rejects.toThrow(/option "delay" range 500-100 has its minimum above its maximum/);
    await expect(createMockServer({ delay: '70000' })).rejects.toThrow(MockConfigError);
    const dir = mkdtempSync(join(tmpdir(), 'bad-delay-'));
    const spec = join(dir, 'spec.yaml');
    writeFileSync(
      spec,
      "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    get:\n      x-mock-delay: soon\n      responses: { '200': { description: ok } }\n",
    );
    await expect(createMockServer({ spec })).rejects.toThrow(/x-mock-delay of GET \/a must be milliseconds/);
  });
});
