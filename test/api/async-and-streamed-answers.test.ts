import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DataGenerator } from '../../src/generate/data-generator.js';
import { buildApp } from '../../src/http/build-app.js';
import { loadSpec } from '../../src/load/load-spec.js';
import type { BodyChunk } from '../../src/mock-response.js';
import { resolveOptions } from '../../src/options.js';
import type { Answer, Responder } from '../../src/pipeline/types.js';
import { eventually } from '../support/eventually.js';
import { JSON_BODY } from '../support/servers.js';

const MODE = 'x-test-answer';
const PLANT = '{"id": 1, "name": "Fern"}';

/** What the test's stream source saw: chunks taken, and whether it was left (its finally ran). */
const source = { pulled: 0, left: false };

async function* chunks(count: number, size: number, delayMs = 0): AsyncGenerator<BodyChunk> {
  try {
    for (let i = 0; i < count; i++) {
      source.pulled++;
      yield { data: `${String(i).padStart(6, '0')}${'x'.repeat(size - 6)}`, delayMs };
    }
  } finally {
    source.left = true;
  }
}

const streamed = (stream: AsyncIterable<BodyChunk>): Answer => ({
  response: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: undefined, stream },
  provenance: { kind: 'generated', dynamic: true },
});

/** A responder of the kind a proxy or a streamed answer will be, steered by a test header. */
const testResponder: Responder = (exchange) => {
  switch (exchange.headers[MODE]) {
    case 'async':
      return new Promise((resolve) =>
        setTimeout(() => resolve({ response: { status: 200, headers: {}, body: { name: 'later' } }, provenance: { kind: 'echo' } }), 20),
      );
    case 'async-pass':
      return Promise.resolve(undefined);
    case 'paced':
      return streamed(chunks(3, 10, 30));
    case 'large':
      return streamed(chunks(2000, 16 * 1024));
    case 'endless':
      return streamed(chunks(Number.MAX_SAFE_INTEGER, 1024, 5));
    default:
      return undefined;
  }
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  source.pulled = 0;
  source.left = false;
});

async function listening(): Promise<{ port: number; lines: string[] }> {
  const lines: string[] = [];
  const options = resolveOptions({ logLevel: 'info', logStream: { write: (line: string) => lines.push(line) } });
  const built = await buildApp({
    options,
    spec: await loadSpec(options.spec),
    generator: new DataGenerator(1),
    responders: [testResponder],
  });
  app = built.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, lines };
}

function post(port: number, mode: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/plants', headers: { ...JSON_BODY, [MODE]: mode } }, resolve);
    req.on('error', reject);
    req.end(PLANT);
  });
}

async function text(response: IncomingMessage): Promise<string> {
  let all = '';
  for await (const part of response) all += part;
  return all;
}

describe('answers that wait or stream, over a real socket', () => {
  it('sends the answer a responder promised, and passes on when the promise holds none', async () => {
    const { port } = await listening();
    const later = await post(port, 'async');
    expect([later.statusCode, JSON.parse(await text(later))]).toEqual([200, { name: 'later' }]);
    const passed = await post(port, 'async-pass');
    expect([passed.statusCode, JSON.parse(await text(passed))]).toEqual([200, { name: 'Fern' }]);
  });

  it('writes each chunk after its delay, in order, and ends the body', async () => {
    const { port, lines } = await listening();
    const started = Date.now();
    const response = await post(port, 'paced');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    const arrivals: number[] = [];
    let body = '';
    for await (const part of response) {
      arrivals.push(Date.now() - started);
      body += part;
    }
    expect(body).toBe('000000xxxx000001xxxx000002xxxx');
    expect(arrivals.at(-1)).toBeGreaterThanOrEqual(80);
    await eventually(async () => lines.some((line) => line.includes('POST /plants 200')));
  });

  it('takes a chunk only as fast as the client reads (back-pressure)', async () => {
    const { port } = await listening();
    const response = await post(port, 'large');
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // 2,000 chunks of 16 KiB (32 MiB): a paused reader holds only what the socket buffers take.
    expect(source.pulled).toBeLessThan(400);
    const body = await text(response);
    expect(body.length).toBe(2000 * 16 * 1024);
    expect(source.pulled).toBe(2000);
  });

  it('leaves the source when the client goes away', async () => {
    const { port } = await listening();
    const response = await post(port, 'endless');
    await new Promise<void>((resolve) => response.once('data', () => resolve()));
    response.destroy();
    await eventually(async () => source.left, 5000);
    const pulled = source.pulled;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(source.pulled).toBe(pulled);
  });

  it('ends a stream in progress when the server closes', async () => {
    const { port } = await listening();
    const response = await post(port, 'endless');
    const body = text(response);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app?.close();
    app = undefined;
    expect((await body).length).toBeGreaterThan(0);
    expect(source.left).toBe(true);
  });
});
