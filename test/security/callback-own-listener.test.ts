import { afterEach, describe, expect, it } from 'vitest';
import type { Resolve } from '../../src/callbacks/checked-lookup.js';
import { createMockServer, type MockServer } from '../../src/index.js';
import { startConsumer } from '../callbacks/consumer.js';
import { eventually } from '../support/eventually.js';
import { fakeDns, sendPing } from '../support/webhook-sender.js';

const spec = new URL('../fixtures/callbacks.yaml', import.meta.url).pathname;
const closing: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((one) => one.close()));
});

type Entry = { method: string; path: string; callback?: { outcome: string; problems: string[] } };

describe("a callback aimed at the mock's own listener", () => {
  it('is refused however loopback is written, and the admin API it names is never driven', async () => {
    const mock: MockServer = await createMockServer({ spec, port: 0, logLevel: 'silent' });
    closing.push(mock);
    const url = new URL(await mock.listen());
    const port = url.port;
    const targets = [
      `http://127.0.0.1:${port}/__mock/reset`,
      `http://localhost:${port}/__mock/reset`,
      `http://[::1]:${port}/__mock/reset`,
      `http://0x7f.1:${port}/__mock/reset`,
      `http://2130706433:${port}/__mock/reset`,
      `http://127.1.2.3:${port}/__mock/reset`,
      `http://[::ffff:127.0.0.1]:${port}/__mock/reset`,
      `http://0.0.0.0:${port}/__mock/reset`,
    ];
    for (const callbackUrl of targets) {
      const answer = await mock.inject({
        method: 'POST',
        url: '/orders',
        headers: { 'content-type': 'application/json', prefer: 'callback-delay=0', origin: 'https://evil.example' },
        payload: JSON.stringify({ callbackUrl }),
      });
      expect(answer.statusCode).toBe(201);
    }
    let entries: Entry[] = [];
    await eventually(async () => {
      entries = (await mock.inject('/__mock/journal')).json().entries;
      return entries.filter((entry) => entry.callback).length >= targets.length;
    }, 10_000);
    const callbacks = entries.filter((entry) => entry.callback);
    for (const entry of callbacks) {
      expect(entry.callback?.outcome, entry.path).toBe('refused');
      expect(entry.callback?.problems[0], entry.path).toContain("this mock's own listener");
    }
    // Nothing reset the journal: every order is still in it.
    expect(entries.filter((entry) => entry.method === 'POST' && entry.path === '/orders')).toHaveLength(targets.length);
  });
});

/** Each name answers the one address given for it. */
const dns = (answers: Record<string, string>): Resolve =>
  fakeDns(Object.fromEntries(Object.entries(answers).map(([name, address]) => [name, [[address]]]))).resolve;

const send = (allow: string[], ownPorts: number[], resolve: Resolve, url: string) => sendPing({ allow, resolve, ownPorts }, url, closing);

describe('the own-listener and port rules after DNS', () => {
  it('refuses a name that resolves to the own listener (IPv4 or IPv6), unless the list names it with that port', async () => {
    const own = await startConsumer((_path, response) => response.writeHead(204).end());
    closing.push(own);
    const names = dns({ 'rebind.example': '127.0.0.1', 'six.example': '::ffff:127.0.0.1', localhost: '127.0.0.1' });
    for (const url of [`http://rebind.example:${own.port}/`, `http://six.example:${own.port}/`, `http://localhost:${own.port}/`]) {
      const delivery = await send(['rebind.example', 'six.example', 'localhost', '127.0.0.0/8'], [own.port], names, url);
      expect(delivery.outcome, url).toBe('refused');
      expect(delivery.problems[0], url).toContain("this mock's own listener");
    }
    expect(own.received).toHaveLength(0);
    // Named with its port, it is the user's choice.
    const allowed = await send([`localhost:${own.port}`], [own.port], names, `http://localhost:${own.port}/`);
    expect(allowed.status).toBe(204);
    const byAddress = await send(['rebind.example', `127.0.0.1:${own.port}`], [own.port], names, `http://rebind.example:${own.port}/`);
    expect(byAddress.status).toBe(204);
  });

  it('keeps a listed loopback address to its port when a listed name resolves to it', async () => {
    const other = await startConsumer((_path, response) => response.writeHead(204).end());
    closing.push(other);
    const names = dns({ 'hooks.example': '127.0.0.1' });
    const delivery = await send(['hooks.example', '127.0.0.1:9'], [], names, `http://hooks.example:${other.port}/`);
    expect(delivery.outcome).toBe('refused');
    expect(delivery.problems[0]).toContain(`with port ${other.port}`);
    expect(other.received).toHaveLength(0);
    expect((await send(['hooks.example', `127.0.0.1:${other.port}`], [], names, `http://hooks.example:${other.port}/`)).status).toBe(204);
  });
});
