import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const upstreams: Server[] = [];
afterEach(async () => {
  for (const server of upstreams.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A bare upstream answering every request with exactly these headers and bytes. */
async function rawUpstream(headers: Record<string, string>, body: Buffer): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { ...headers, 'content-length': body.length }).end(body));
  });
  upstreams.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const plant = JSON.stringify({ id: 7, name: 'Ficus' });

describe('a proxied answer reaches the client as the service sent it', () => {
  it('keeps a JSON body’s bytes and its Content-Type as written (no charset added)', async () => {
    const body = Buffer.from('{ "name" : "Fícus",\n  "tag": "tree" }');
    const proxy = await rawUpstream({ 'content-type': 'application/json', 'x-trace': 'a  b' }, body);
    const server = await mockServer({ spec: SPEC, proxy });
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-trace']).toBe('a  b');
    expect(response.rawPayload.equals(body)).toBe(true);
    expect(response.headers['x-mock-drift']).toBeUndefined();
    const journal = (await server.inject('/__mock/journal')).json() as { entries: { response: { body?: unknown } }[] };
    expect(journal.entries.at(-1)?.response.body).toEqual({ name: 'Fícus', tag: 'tree' });
  });

  it('passes bytes that are no UTF-8 through unchanged, and reports the body as drift', async () => {
    const body = Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]);
    const proxy = await rawUpstream({ 'content-type': 'application/json' }, body);
    const server = await mockServer({ spec: SPEC, proxy });
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.rawPayload.equals(body)).toBe(true);
    expect(response.headers['x-mock-drift']).toMatch(/^body: /);
  });
});
