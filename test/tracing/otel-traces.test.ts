import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';
import { useConsumers } from '../callbacks/consumer.js';
import { eventually } from '../support/eventually.js';
import { type ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver.js';

const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
const CALLBACKS = fileURLToPath(new URL('../fixtures/callbacks.yaml', import.meta.url));
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const SERVER = 2;
const CLIENT = 3;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const consumer = useConsumers();

/** A receiver and a mock that sends it its spans; `finish()` closes the mock (flushing them) and returns them. */
async function traced(options: MockServerOptions) {
  const receiver = await startOtlpReceiver();
  cleanups.push(receiver.close);
  const server: MockServer = await createMockServer({ ...options, otelEndpoint: receiver.url, otel: { serviceName: 'store-mock' } });
  let closed = false;
  cleanups.push(async () => closed || server.close());
  return {
    server,
    receiver,
    async finish(): Promise<readonly ReceivedSpan[]> {
      closed = true;
      await server.close();
      return receiver.spans;
    },
  };
}

describe('OpenTelemetry traces', () => {
  it('sends one server span per request, under the caller traceparent, with HTTP and the mock attributes', async () => {
    const { server, finish, receiver } = await traced({ spec: PETS });
    const answered = await server.inject({
      url: '/pets?limit=2',
      headers: { 'x-api-key': 'k', 'x-mock-session': 'tester', traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, 'user-agent': 'sdk/1' },
    });
    expect(answered.statusCode).toBe(200);
    expect((await server.inject({ url: '/pets?limit=500', headers: { 'x-api-key': 'k' } })).statusCode).toBe(400);
    const spans = await finish();
    expect(receiver.contentTypes[0]).toBe('application/x-protobuf');
    expect(spans).toHaveLength(2);
    const [listed, rejected] = spans as [ReceivedSpan, ReceivedSpan];
    expect(listed).toMatchObject({ traceId: TRACE_ID, parentSpanId: CALLER_SPAN, name: 'GET /pets', kind: SERVER, statusCode: 0 });
    expect(listed.service).toBe('store-mock');
    expect(listed.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/pets',
      'url.path': '/pets',
      'http.response.status_code': 200,
      'user_agent.original': 'sdk/1',
      'mock.operation_id': 'listPets',
      'mock.session': 'tester',
      'mock.provenance': 'example',
      'mock.findings.count': 0,
    });
    // A request without a traceparent starts a trace of its own.
    expect(rejected.parentSpanId).toBe('');
    expect(rejected.traceId).not.toBe(TRACE_ID);
    expect(rejected.attributes).toMatchObject({
      'http.response.status_code': 400,
      'mock.provenance': 'rejected',
      'mock.rejection.code': 'INVALID_REQUEST',
      'mock.findings.count': 1,
    });
  });

  it('sends a client span for the proxied call and propagates its context to the upstream, not the caller', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const upstream = createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end('[{"id": 1, "name": "Tom", "kind": "bird"}]');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => upstream.close(resolve)));
    const { server, finish } = await traced({ spec: PETS, proxy: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    const answered = await server.inject({ url: '/pets', headers: { 'x-api-key': 'k', traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` } });
    expect(answered.statusCode).toBe(200);
    const spans = await finish();
    const serverSpan = spans.find((span) => span.kind === SERVER);
    const clientSpan = spans.find((span) => span.kind === CLIENT);
    expect(serverSpan).toMatchObject({ traceId: TRACE_ID, parentSpanId: CALLER_SPAN });
    expect(serverSpan?.attributes).toMatchObject({ 'mock.provenance': 'proxied', 'mock.drift.kinds': ['body'] });
    expect(clientSpan).toMatchObject({ traceId: TRACE_ID, parentSpanId: serverSpan?.spanId, name: 'GET' });
    expect(clientSpan?.attributes).toMatchObject({ 'http.response.status_code': 200, 'server.address': '127.0.0.1' });
    expect(seen[0]?.traceparent).toBe(`00-${TRACE_ID}-${clientSpan?.spanId}-01`);
  });

  it('answers as ever while the collector is down, and closes with a warning, not an error', async () => {
    const receiver = await startOtlpReceiver();
    await receiver.close();
    const log: string[] = [];
    const server = await createMockServer({
      spec: PETS,
      otelEndpoint: receiver.url,
      logLevel: 'warn',
      logStream: { write: (line) => log.push(line) },
    });
    expect((await server.inject({ url: '/pets', headers: { 'x-api-key': 'k' } })).statusCode).toBe(200);
    await expect(server.close()).resolves.toEqual({ unsaved: [] });
    expect(log.map((line) => JSON.parse(line).msg).join('\n')).toContain('could not send the last traces');
  });

  it('sends a client span for each callback, under the span of the request that caused it', async () => {
    const target = await consumer((_path, response) => response.writeHead(204).end());
    const { server, finish } = await traced({ spec: CALLBACKS });
    await server.inject({
      method: 'POST',
      url: '/orders',
      headers: { 'content-type': 'application/json', prefer: 'callback-delay=0' },
      payload: JSON.stringify({ callbackUrl: `${target.url}/shipped?token=CBSECRETTOKEN` }),
    });
    await eventually(async () => target.received.length === 1);
    // Its delivery is recorded (and its span ended) once the answer is read.
    await eventually(async () => (await server.inject({ url: '/__mock/journal' })).json().entries.length === 2);
    const spans = await finish();
    const serverSpan = spans.find((span) => span.kind === SERVER);
    const callback = spans.find((span) => span.kind === CLIENT);
    expect(callback).toMatchObject({ traceId: serverSpan?.traceId, parentSpanId: serverSpan?.spanId, name: 'POST callback orderShipped' });
    expect(callback?.attributes).toMatchObject({
      'http.response.status_code': 204,
      'mock.callback.outcome': 'on-contract',
      'mock.operation_id': 'createOrder',
      // Without the query, which may carry a credential.
      'url.full': `${target.url}/shipped`,
    });
    expect(target.received[0]?.headers.traceparent).toBe(`00-${serverSpan?.traceId}-${callback?.spanId}-01`);
  });
});
