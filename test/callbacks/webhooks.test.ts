import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';
import { useConsumers } from './consumer.js';

closeServersAfterEach();

const spec = new URL('../fixtures/callbacks.yaml', import.meta.url).pathname;
const consumer = useConsumers();

function sendWebhook(server: Awaited<ReturnType<typeof mockServer>>, name: string, payload: unknown) {
  return server.inject({
    method: 'POST',
    url: `/__mock/webhooks/${name}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

describe('POST /__mock/webhooks/{name}', () => {
  it('sends the document`s webhook, generated from its schema, and answers the consumer`s on-contract answer', async () => {
    const target = await consumer((_path, response) => response.writeHead(200).end());
    const server = await mockServer({ spec, seed: 7 });
    const sent = await sendWebhook(server, 'orderPaid', { url: `${target.url}/hooks`, headers: { 'x-signature': 'sig' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ webhook: 'orderPaid', outcome: 'on-contract', response: { status: 200 } });
    const received = target.received[0];
    expect(received).toMatchObject({
      method: 'POST',
      url: '/hooks',
      headers: { 'x-signature': 'sig', 'content-type': 'application/json' },
    });
    expect(JSON.parse(received?.body ?? '')).toMatchObject({ orderId: expect.any(String) });
    const journal = (await server.inject({ url: '/__mock/journal' })).json();
    expect(journal.entries.at(-1)).toMatchObject({
      path: `${target.url}/hooks`,
      callback: { kind: 'webhook', name: 'orderPaid', outcome: 'on-contract' },
    });
  });

  it('sends the body given, and reports an off-contract answer', async () => {
    const target = await consumer((_path, response) => response.writeHead(404).end());
    const server = await mockServer({ spec });
    const sent = await sendWebhook(server, 'orderPaid', { url: target.url, body: { orderId: 'o-9', amount: 5 } });
    expect(sent.json()).toMatchObject({ outcome: 'off-contract', response: { status: 404 } });
    expect(JSON.parse(target.received[0]?.body ?? '')).toEqual({ orderId: 'o-9', amount: 5 });
  });

  it('answers 422 for a webhook the document lacks, a URL that is no HTTP(S) URL, and one the allow-list refuses', async () => {
    const server = await mockServer({ spec });
    const unknown = await sendWebhook(server, 'orderLost', { url: 'http://127.0.0.1:9/' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Unknown webhook "orderLost"; the document defines: orderPaid');
    const relative = await sendWebhook(server, 'orderPaid', { url: '/relative' });
    expect(relative.statusCode).toBe(422);
    const metadata = await sendWebhook(server, 'orderPaid', { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(metadata.statusCode).toBe(422);
    expect(metadata.json().message).toContain('not loopback');
    const journal = (await server.inject({ url: '/__mock/journal' })).json();
    expect(journal.entries.map((entry: { callback?: { outcome: string } }) => entry.callback?.outcome)).toEqual(['refused']);
    expect((await sendWebhook(server, 'orderPaid', { url: 'http://127.0.0.1:9/', extra: 1 })).statusCode).toBe(400);
  });

  it('is described by the admin OpenAPI document', async () => {
    const server = await mockServer({ spec });
    const document = (await server.inject({ url: '/__mock/openapi.json' })).json();
    expect(document.paths['/__mock/webhooks/{name}'].post.requestBody.content['application/json'].schema.required).toEqual(['url']);
  });
});

describe('a scenario step that sends a webhook', () => {
  it('sends it after the answer, to a URL read from the request, with the step`s body', async () => {
    const { serverWith } = await import('../support/scenarios.js');
    const target = await consumer((_path, response) => response.writeHead(200).end());
    const scenario = [
      'description: pays by webhook',
      'rules:',
      '  - operation: createOrder',
      '    respond:',
      '      status: 201',
      '      webhook:',
      '        name: orderPaid',
      "        url: '{$request.body#/callbackUrl}/paid'",
      '        body: { orderId: order-1, amount: 3 }',
    ].join('\n');
    const server = await serverWith({ 'paid.yaml': scenario }, { spec, scenario: 'paid' });
    try {
      const answered = await server.inject({
        method: 'POST',
        url: '/orders',
        headers: { 'content-type': 'application/json', prefer: 'callback-delay=0' },
        payload: JSON.stringify({ callbackUrl: target.url }),
      });
      expect(answered.statusCode).toBe(201);
      const { eventually } = await import('../support/eventually.js');
      // The operation's own callback goes to the same consumer, at the URL itself.
      await eventually(async () => target.received.some((request) => request.url === '/paid'), 5_000);
      const paid = target.received.find((request) => request.url === '/paid');
      expect(JSON.parse(paid?.body ?? '')).toEqual({ orderId: 'order-1', amount: 3 });
      await eventually(async () => {
        const journal = (await server.inject({ url: '/__mock/journal' })).json();
        return journal.entries.some((entry: { callback?: { outcome: string } }) => entry.callback?.outcome === 'on-contract');
      }, 5_000);
    } finally {
      await server.cleanup();
    }
  });
});

describe('a scenario step naming a webhook the document lacks', () => {
  const rule = (webhook: string) =>
    [
      'description: pays by webhook',
      'rules:',
      '  - operation: createOrder',
      '    sequence:',
      '      - status: 201',
      '      - status: 201',
      `        webhook: ${webhook}`,
    ].join('\n');

  it('stops start-up with one line naming the file, the step and the webhooks the document has', async () => {
    const { serverWith } = await import('../support/scenarios.js');
    const failure = await serverWith({ 'lost.yaml': rule("{ name: orderLost, url: 'http://127.0.0.1:9/' }") }, { spec }).catch(
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toMatch(
      /^scenario file \S*lost\.yaml: rule 1: step 2: webhook "orderLost" is not in the document's webhooks; it has orderPaid$/,
    );
  });

  it('stops start-up when the step`s url is no runtime expression', async () => {
    const { serverWith } = await import('../support/scenarios.js');
    const failure = await serverWith({ 'bad.yaml': rule("{ name: orderPaid, url: '{$request.body#/callbackUrl' }") }, { spec }).catch(
      (error: Error) => error,
    );
    expect((failure as Error).message).toMatch(/bad\.yaml: rule 1: step 2: webhook "orderPaid" url: .*never closed/);
  });
});
