import { getEventListeners } from 'node:events';
import { get } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { BodyChunk } from '../mock-response.js';
import { pauses, sendStream } from './send-stream.js';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server on a free loopback port streaming what `source` yields; the client's reads as they arrive. */
async function streamed(source: () => AsyncIterable<BodyChunk>, onData: (text: string) => void = () => {}) {
  const app = Fastify();
  apps.push(app);
  app.get('/', (_request, reply) => sendStream(reply, 200, source(), undefined));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return new Promise<{ text: string; complete: boolean }>((resolve) => {
    let text = '';
    const request = get(url, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        onData(text);
      });
      response.on('end', () => resolve({ text, complete: response.complete }));
      response.on('aborted', () => resolve({ text, complete: false }));
      response.on('error', () => resolve({ text, complete: false }));
    });
    request.on('error', () => resolve({ text, complete: false }));
  });
}

describe('a streamed body', () => {
  it('arrives whole and in order when the source has thousands of items ready at once', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => `data: ${i}\n\n`);
    async function* source() {
      for (const data of items) yield { data };
    }
    expect(await streamed(source)).toEqual({ text: items.join(''), complete: true });
  });

  it('sends what is ready while the source waits on something else, without holding it back', async () => {
    let release: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* source() {
      yield { data: 'one\n' };
      yield { data: 'two\n' };
      await waiting; // an upstream that has not answered yet, not a pause the mock knows of
      yield { data: 'three\n' };
    }
    const result = await streamed(source, (text) => {
      if (text === 'one\ntwo\n') release();
    });
    expect(result).toEqual({ text: 'one\ntwo\nthree\n', complete: true });
  });

  it('delivers the items a failing source gave before cutting the connection', async () => {
    async function* source(): AsyncGenerator<BodyChunk> {
      yield { data: 'one\n' };
      yield { data: 'two\n' };
      yield { data: Buffer.from('three\n') };
      throw new Error('broken on purpose');
    }
    expect(await streamed(source)).toEqual({ text: 'one\ntwo\nthree\n', complete: false });
  });
});

describe("a stream's pauses between chunks", () => {
  it('keep one abort listener however many chunks wait', async () => {
    const stop = new AbortController();
    const pause = pauses(stop.signal);
    for (let i = 0; i < 50; i++) await pause(1);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1);
  });

  it('end at once when the stream is stopped', async () => {
    const stop = new AbortController();
    const pause = pauses(stop.signal);
    const started = performance.now();
    const waiting = pause(10_000);
    stop.abort();
    await waiting;
    expect(performance.now() - started).toBeLessThan(1000);
    await pause(10_000); // already stopped: no wait
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('a streamed body whose client went before it started', () => {
  it('leaves the source at once (its finally runs) instead of waiting for a drain that never comes', async () => {
    let left: () => void = () => {};
    const sourceLeft = new Promise<string>((resolve) => {
      left = () => resolve('left');
    });
    async function* source(): AsyncGenerator<BodyChunk> {
      try {
        yield { data: Buffer.alloc(64 * 1024, 'x') };
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          yield { data: Buffer.alloc(64 * 1024, 'y') };
        }
      } finally {
        left();
      }
    }
    const app = Fastify();
    apps.push(app);
    let clientGone: () => void = () => {};
    const gone = new Promise<void>((resolve) => {
      clientGone = resolve;
    });
    // The answer is ready only after the client went (an upstream slow to pass the body limit).
    app.get('/', async (request, reply) => {
      request.raw.socket.once('close', clientGone);
      await gone;
      await new Promise((resolve) => setImmediate(resolve));
      return sendStream(reply, 200, source(), undefined);
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const request = get(url);
    request.on('error', () => {});
    setTimeout(() => request.destroy(), 50);
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 2_000));
    expect(await Promise.race([sourceLeft, timeout])).toBe('left');
  });
});
