import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { eventually } from '../support/eventually.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';
import { useConsumers } from './consumer.js';

closeServersAfterEach();

const spec = new URL('../fixtures/callbacks.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };
const consumer = useConsumers();

async function callbackEntries(server: MockServer, count: number) {
  let entries: { callback?: { outcome: string; problems: string[]; name: string }; path: string; response: { status: number } }[] = [];
  await eventually(async () => {
    const journal = (await server.inject({ url: '/__mock/journal' })).json();
    entries = journal.entries.filter((entry: { callback?: unknown }) => entry.callback !== undefined);
    return entries.length >= count;
  }, 10_000);
  return entries;
}

function order(server: MockServer, callbackUrl: string, prefer = 'callback-delay=0') {
  return server.inject({ method: 'POST', url: '/orders', headers: { ...json, prefer }, payload: JSON.stringify({ callbackUrl }) });
}

describe('callbacks', () => {
  it('send the documented request to the URL the request body names, and journal the on-contract answer', async () => {
    const target = await consumer((_path, response) => response.writeHead(204).end());
    const server = await mockServer({ spec });
    expect((await order(server, `${target.url}/shipped`)).statusCode).toBe(201);
    const [entry] = await callbackEntries(server, 1);
    expect(target.received).toHaveLength(1);
    expect(target.received[0]).toMatchObject({ method: 'POST', url: '/shipped' });
    expect(JSON.parse(target.received[0]?.body ?? '')).toEqual({ orderId: 'order-1', status: 'shipped' });
    expect(entry).toMatchObject({
      path: `${target.url}/shipped`,
      response: { status: 204 },
      callback: { name: 'orderShipped', outcome: 'on-contract' },
    });
    const metrics = (await server.inject({ url: '/__mock/metrics' })).body;
    expect(metrics).toContain('plantstore_mock_callbacks_total{kind="callback",name="orderShipped",outcome="on-contract"} 1');
    const coverage = server.coverage().operations.find((operation) => operation.operationId === 'createOrder');
    expect(coverage?.callbacks).toEqual([{ name: 'orderShipped', outcomes: { 'on-contract': 1 } }]);
  });

  it('send the documented header parameters: examples as written, the rest generated valid, Authorization never', async () => {
    const target = await consumer((_path, response) => response.writeHead(204).end());
    const server = await mockServer({ spec });
    await order(server, `${target.url}/shipped`);
    await callbackEntries(server, 1);
    const headers = target.received[0]?.headers ?? {};
    expect(headers).toMatchObject({ 'x-order-signature': 'sha256=5d41402abc', 'content-type': 'application/json' });
    expect(Number(headers['x-attempt'])).toSatisfy((n: number) => Number.isInteger(n) && n >= 1 && n <= 5);
    expect(Number.isNaN(Date.parse(String(headers['x-sent-at'])))).toBe(false);
    expect(headers.authorization).toBeUndefined();
    // Planned once from the document: the next callback, on another server, carries the same values.
    const again = await consumer((_path, response) => response.writeHead(204).end());
    const other = await mockServer({ spec });
    await order(other, `${again.url}/shipped`);
    await callbackEntries(other, 1);
    expect(again.received[0]?.headers).toMatchObject({ 'x-attempt': headers['x-attempt'], 'x-sent-at': headers['x-sent-at'] });
  });

  it('send the documented query and cookie parameters, in their styles, keeping what the URL already carries', async () => {
    const target = await consumer((_path, response) => response.writeHead(204).end());
    const server = await mockServer({ spec: new URL('../fixtures/callback-parameters.yaml', import.meta.url).pathname });
    const answer = await server.inject({
      method: 'POST',
      url: '/subscriptions',
      headers: { ...json, prefer: 'callback-delay=0' },
      payload: JSON.stringify({ callbackUrl: `${target.url}/events?kept=mine` }),
    });
    expect(answer.statusCode).toBe(201);
    const [entry] = await callbackEntries(server, 1);
    expect(entry?.callback?.outcome).toBe('on-contract');
    const url = new URL(target.received[0]?.url ?? '', 'http://consumer');
    expect(url.pathname).toBe('/events');
    expect([...url.searchParams]).toEqual([
      ['kept', 'mine'],
      ['topic', 'plants'],
      ['ids', '1'],
      ['ids', '2'],
      ['tags', 'a,b'],
      ['filter[kind]', 'tree'],
    ]);
    expect(target.received[0]?.headers.cookie).toBe('session=abc%201; theme=dark');
    expect(entry?.path).toBe(`${target.url}${target.received[0]?.url}`);
  });

  it('record an answer the callback does not document as off-contract, and as a coverage finding', async () => {
    const target = await consumer((_path, response) => response.writeHead(500, { 'content-type': 'text/plain' }).end('boom'));
    const server = await mockServer({ spec });
    await order(server, `${target.url}/shipped`);
    const [entry] = await callbackEntries(server, 1);
    expect(entry?.callback?.outcome).toBe('off-contract');
    expect(entry?.callback?.problems.length).toBeGreaterThan(0);
    expect(server.coverage().operations[0]?.neverSent).toContain('callback orderShipped (answered off-contract)');
  });

  it('never follow a redirect, not even to a metadata address', async () => {
    const target = await consumer((_path, response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    const server = await mockServer({ spec });
    await order(server, `${target.url}/shipped`);
    const [entry] = await callbackEntries(server, 1);
    expect(entry).toMatchObject({ response: { status: 302 }, callback: { outcome: 'off-contract' } });
    expect(target.received).toHaveLength(1);
  });

  it('give up on a consumer that does not answer in time', async () => {
    const target = await consumer(() => {});
    const server = await mockServer({ spec, callbackTimeout: 200 });
    await order(server, `${target.url}/shipped`);
    const [entry] = await callbackEntries(server, 1);
    expect(entry).toMatchObject({ response: { status: 0 }, callback: { outcome: 'timeout' } });
  });

  it('refuse, journal and never send to a host the allow-list does not name', async () => {
    const target = await consumer((_path, response) => response.writeHead(204).end());
    const server = await mockServer({ spec, callbackAllow: ['consumer.example:8080'] });
    await order(server, `${target.url}/shipped`);
    await order(server, 'http://169.254.169.254/latest/meta-data/');
    const entries = await callbackEntries(server, 2);
    expect(entries.map((entry) => entry.callback?.outcome)).toEqual(['refused', 'refused']);
    expect(target.received).toHaveLength(0);
    const local = await mockServer({ spec });
    await order(local, 'http://169.254.169.254/latest/meta-data/');
    const [metadata] = await callbackEntries(local, 1);
    expect(metadata?.callback).toMatchObject({ outcome: 'refused', problems: [expect.stringContaining('not loopback')] });
  });

  it('journal a URL that is not absolute HTTP(S) as unresolved, and send nothing for a rejected request', async () => {
    const server = await mockServer({ spec });
    await order(server, 'file:///etc/passwd');
    const [entry] = await callbackEntries(server, 1);
    expect(entry?.callback).toMatchObject({ outcome: 'unresolved', problems: [expect.stringContaining('not an absolute HTTP(S) URL')] });
    const rejected = await server.inject({ method: 'POST', url: '/orders', headers: json, payload: '{}' });
    expect(rejected.statusCode).toBe(400);
  });

  it('cancel callbacks still waiting when the server closes', async () => {
    const target = await consumer((_path, response) => response.writeHead(204).end());
    const server = await mockServer({ spec });
    await order(server, `${target.url}/shipped`, 'callback-delay=5000');
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(target.received).toHaveLength(0);
  });
});

describe('a document whose callback key is no runtime expression', () => {
  it('loads, warns at start-up naming the operation, and journals the callback as unresolved', async () => {
    const { mkdtemp, readFile, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'callbacks-'));
    const broken = join(dir, 'broken.yaml');
    await writeFile(broken, (await readFile(spec, 'utf8')).replace("'{$request.body#/callbackUrl}'", "'{$request.bogus}'"));
    const server = await mockServer({ spec: broken });
    const findings = server.coverage().documentFindings;
    expect(findings).toContainEqual(expect.objectContaining({ kind: 'callback', operation: 'createOrder' }));
    await order(server, 'http://127.0.0.1:9/x');
    const [entry] = await callbackEntries(server, 1);
    expect(entry?.callback?.outcome).toBe('unresolved');
  });
});
