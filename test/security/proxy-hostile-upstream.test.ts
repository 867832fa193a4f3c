import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const plant = JSON.stringify({ id: 7, name: 'Ficus', tag: 'tree' });

const upstreams: Server[] = [];
afterEach(async () => {
  for (const upstream of upstreams.splice(0)) {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  }
});

/** A real service that answers every request as `answer` says. */
async function upstream(answer: (response: ServerResponse) => void): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    answer(response);
  });
  upstreams.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a hostile upstream', () => {
  it('answering 503 with a body that never ends is left at the timeout, and the mock keeps serving', async () => {
    let closed = false;
    const url = await upstream((response) => {
      response.writeHead(503, { 'content-type': 'text/plain' });
      const drip = setInterval(() => response.write('x'.repeat(1024)), 20);
      response.on('close', () => {
        closed = true;
        clearInterval(drip);
      });
    });
    const server = await mockServer({ spec: SPEC, proxy: url, proxyFallback: 'unavailable', proxyTimeout: 300 });
    const fellBack = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(fellBack.statusCode).toBe(200);
    await pause(700);
    const later = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(later.statusCode).toBe(200);
    expect(closed).toBe(true);
  });

  it('sending a compressed body that inflates past the body limit gets a drift finding, not the memory', async () => {
    const { gzipSync } = await import('node:zlib');
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const url = await upstream((response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(bomb);
    });
    const server = await mockServer({ spec: SPEC, proxy: url });
    const before = process.memoryUsage().rss;
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-mock-drift']).toContain('cannot be decoded as gzip within the body limit');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});
