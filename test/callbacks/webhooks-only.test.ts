import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';
import { useConsumers } from './consumer.js';

closeServersAfterEach();

const spec = new URL('../fixtures/webhooks-only.yaml', import.meta.url).pathname;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const consumer = useConsumers();

/** A copy of the fixture with `paths` written before its webhooks, and its webhooks as `rewrite` leaves them. */
async function variant(paths: string, rewrite = (webhooks: string) => webhooks): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'plantstore-webhooks-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const text = (await readFile(spec, 'utf8')).replace(/webhooks:[\s\S]*$/, (webhooks) => `${paths}\n${rewrite(webhooks)}`);
  const path = join(dir, 'hooks.yaml');
  await writeFile(path, text);
  return path;
}

describe('a document of webhooks and no operations', () => {
  it.each([
    ['without paths', undefined],
    ['with empty paths', 'paths: {}'],
  ])('loads %s, sends its webhooks and answers 404 to everything else', async (_how, paths) => {
    const server = await mockServer({ spec: paths === undefined ? spec : await variant(paths) });
    const target = await consumer();
    const sent = await server.inject({
      method: 'POST',
      url: '/__mock/webhooks/orderPaid',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${target.url}/hooks` }),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ webhook: 'orderPaid', outcome: 'on-contract' });
    expect(target.received).toHaveLength(1);
    for (const [method, url] of [
      ['POST', '/orderPaid'],
      ['GET', '/'],
      ['POST', '/plants'],
    ] as const) {
      const answer = await server.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const coverage = await server.inject({ url: '/__mock/coverage' });
    expect(coverage.statusCode).toBe(200);
    expect((await server.inject({ url: '/__mock/' })).statusCode).toBeLessThan(400);
  });

  it('still refuses a document with neither operations nor webhooks', async () => {
    const empty = await variant('paths: {}', () => 'webhooks: {}\n');
    await expect(mockServer({ spec: empty })).rejects.toThrow(/defines no operations or webhooks/);
  });
});
