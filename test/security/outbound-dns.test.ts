import { afterEach, describe, expect, it } from 'vitest';
import type { Resolve } from '../../src/callbacks/checked-lookup.js';
import { startConsumer } from '../callbacks/consumer.js';
import { fakeDns, PING_WEBHOOK, sendPing, webhookSender } from '../support/webhook-sender.js';

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((one) => one.close()));
});

const sendTo = (allow: string[], resolve: Resolve, url: string) => sendPing({ allow, resolve }, url, closing);

describe('a host allowed by name', () => {
  it('is refused, never contacted, when it resolves to loopback and loopback is not allowed', async () => {
    const consumer = await startConsumer((_path, response) => response.writeHead(204).end());
    closing.push(consumer);
    const dns = fakeDns({ 'hooks.example': [['127.0.0.1']] });
    const delivery = await sendTo(['hooks.example'], dns.resolve, `http://hooks.example:${consumer.port}/x`);
    expect(delivery.outcome).toBe('refused');
    expect(delivery.problems[0]).toContain('hooks.example resolves to 127.0.0.1, a loopback address');
    expect(consumer.received).toHaveLength(0);
  });

  it('is refused when any address it resolves to is a metadata, link-local or private one', async () => {
    for (const address of ['169.254.169.254', 'fd00:ec2::254', '10.1.2.3', '::ffff:169.254.169.254', '0.0.0.0', 'fe80::1']) {
      const dns = fakeDns({ 'hooks.example': [['93.184.215.14', address]] });
      const delivery = await sendTo(['hooks.example'], dns.resolve, 'http://hooks.example/x');
      expect(delivery.outcome, address).toBe('refused');
      expect(delivery.problems[0], address).toContain(`resolves to ${address}`);
    }
  });

  it('reaches a private address only when the list names that address or its range', async () => {
    const consumer = await startConsumer((_path, response) => response.writeHead(204).end());
    closing.push(consumer);
    const dns = fakeDns({ 'consumer.internal': [['127.0.0.1']] });
    const url = `http://consumer.internal:${consumer.port}/x`;
    expect((await sendTo(['consumer.internal', '127.0.0.0/8'], dns.resolve, url)).status).toBe(204);
    expect((await sendTo(['consumer.internal', '127.0.0.1'], dns.resolve, url)).status).toBe(204);
    expect(consumer.received).toHaveLength(2);
  });

  it('connects to the address it checked: a second, rebound answer is never asked for', async () => {
    const consumer = await startConsumer((_path, response) => response.writeHead(204).end());
    closing.push(consumer);
    // First answer loopback (allowed with localhost listed), then a metadata address.
    const dns = fakeDns({ 'rebind.example': [['127.0.0.1'], ['169.254.169.254']] });
    const delivery = await sendTo(['rebind.example', 'localhost'], dns.resolve, `http://rebind.example:${consumer.port}/x`);
    expect(delivery.status).toBe(204);
    expect(dns.lookups).toEqual(['rebind.example']);
    expect(consumer.received[0]?.headers.host).toBe(`rebind.example:${consumer.port}`);
  });

  it('is not sent again after a refusal, whatever the retries', async () => {
    const dns = fakeDns({ 'hooks.example': [['169.254.169.254']] });
    const sender = webhookSender({ allow: ['hooks.example'], resolve: dns.resolve, retries: 3 }, closing);
    const delivery = await sender.sendWebhook(PING_WEBHOOK, new URL('http://hooks.example/x'), {}, undefined);
    expect(delivery).toMatchObject({ outcome: 'refused', attempts: 1 });
  });
});

describe('the default allow-list (loopback only)', () => {
  it('still reaches localhost by name', async () => {
    const consumer = await startConsumer((_path, response) => response.writeHead(204).end());
    closing.push(consumer);
    const dns = fakeDns({ localhost: [['127.0.0.1']] });
    expect((await sendTo([], dns.resolve, `http://localhost:${consumer.port}/x`)).status).toBe(204);
  });
});
