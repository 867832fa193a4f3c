import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { parseSseText } from '../../src/openapi/sse-text.js';
import { STREAMS, useStreamServers } from './stream-servers.js';

const servers = useStreamServers();

const ask = (path: string, init?: RequestInit) =>
  fetch(`${servers.chatUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init?.headers as Record<string, string>) },
    body: JSON.stringify({ model: 'mock-1', stream: true, messages: [{ role: 'user', content: 'When to water?' }] }),
  });

describe('streams from the document', () => {
  it('splits an SSE example into its events and ends with the [DONE] sentinel it shows', async () => {
    const response = await ask('/v1/chat/completions');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseSseText(await response.text());
    expect(events.map((e) => e.data)).toHaveLength(5);
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(JSON.parse(events[1]?.data ?? '').choices[0].delta.content).toBe('Water ');
    // The document's events carry no id: the mock numbers them so a client can resume.
    expect(events.slice(0, 4).map((e) => e.id)).toEqual(['1', '2', '3', '4']);
  });

  it('sends as many items as Prefer stream-count asks, then the terminal one, paced by stream-interval', async () => {
    const started = Date.now();
    const response = await ask('/v1/chat/completions', { headers: { prefer: 'stream-count=7, stream-interval=10' } });
    const events = parseSseText(await response.text());
    expect(events).toHaveLength(8);
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
  });

  it('finishes a default stream in about a second', async () => {
    const started = Date.now();
    await (await ask('/v1/chat/completions')).text();
    const took = Date.now() - started;
    expect(took).toBeGreaterThan(700);
    expect(took).toBeLessThan(2500);
  });

  it('resumes after the Last-Event-ID given', async () => {
    const response = await ask('/v1/chat/completions', { headers: { 'last-event-id': '2', prefer: 'stream-interval=0' } });
    const events = parseSseText(await response.text());
    expect(events.map((e) => e.id)).toEqual(['3', '4', undefined]);
  });

  it('rejects a stream-count that is not a count, as a forcing error', async () => {
    const response = await ask('/v1/chat/completions', { headers: { prefer: 'stream-count=lots' } });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('stream-count');
  });

  it('generates events from itemSchema, each valid, seeded: the same seed gives the same stream', async () => {
    const get = async () => (await fetch(`${servers.streamsUrl}/ticks?__stream_count=4&__stream_interval=0&__seed=9`)).text();
    const first = await get();
    expect(await get()).toBe(first);
    const events = parseSseText(first);
    expect(events).toHaveLength(4);
    for (const event of events) {
      expect(event.event).toBe('tick');
      const data = JSON.parse(event.data ?? '');
      expect(Number.isInteger(data.n) && data.n >= 0 && data.n <= 1000).toBe(true);
      expect(event.id).toBeDefined();
    }
  });

  it('makes each generated stream a new one without a seed, and replays them on a server with the same --seed', async () => {
    const path = '/ticks?__stream_count=6&__stream_interval=0';
    const read = async (url: string) => parseSseText(await (await fetch(`${url}${path}`)).text()).map((event) => event.data);
    const unseeded = servers.streamsUrl;
    expect(await read(unseeded)).not.toEqual(await read(unseeded));
    const seeded = await Promise.all([1, 2].map(() => createMockServer({ spec: STREAMS, seed: 5, port: 0, logLevel: 'silent' })));
    try {
      const [first, second] = await Promise.all(seeded.map((server) => server.listen()));
      const replayed = [await read(first as string), await read(first as string)];
      expect(replayed[0]).not.toEqual(replayed[1]);
      expect([await read(second as string), await read(second as string)]).toEqual(replayed);
    } finally {
      await Promise.all(seeded.map((server) => server.close()));
    }
  });

  it("replays a seeded server's streams whether or not it was prepared before the first request", async () => {
    const path = '/ticks?__stream_count=6&__stream_interval=0';
    const read = async (url: string) => parseSseText(await (await fetch(`${url}${path}`)).text()).map((event) => event.data);
    const streamsOf = async (warm: boolean) => {
      const server = await createMockServer({ spec: STREAMS, seed: 5, port: 0, logLevel: 'silent', warm });
      try {
        const url = await server.listen();
        return [await read(url), await read(url)];
      } finally {
        await server.close();
      }
    };
    expect(await streamsOf(true)).toEqual(await streamsOf(false));
  });

  it('generates events from a oneOf of event objects in a 3.1 schema', async () => {
    const text = await (await fetch(`${servers.streamsUrl}/notices?__stream_count=6&__stream_interval=0`)).text();
    const events = parseSseText(text);
    expect(events).toHaveLength(6);
    for (const event of events) {
      expect(['created', 'deleted']).toContain(event.event);
      expect(JSON.parse(event.data ?? '').id).toBeGreaterThanOrEqual(1);
    }
  });

  it('streams JSON Lines, read line by line as each arrives', async () => {
    const response = await fetch(`${servers.streamsUrl}/logs?__stream_interval=5`);
    expect(response.headers.get('content-type')).toBe('application/jsonl');
    const lines = createInterface({ input: Readable.fromWeb(response.body as never) });
    const read: unknown[] = [];
    for await (const line of lines) read.push(JSON.parse(line));
    expect(read).toEqual([
      { level: 'info', message: 'started' },
      { level: 'warn', message: 'slow' },
      { level: 'info', message: 'done' },
    ]);
  });

  it('writes RFC 7464 JSON text sequences from an array schema, each record valid', async () => {
    const text = await (await fetch(`${servers.streamsUrl}/exports?__stream_count=3&__stream_interval=0&__dynamic=true`)).text();
    const records = text.split('\x1e').slice(1);
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(record.endsWith('\n')).toBe(true);
      const line = JSON.parse(record);
      expect(['debug', 'info', 'warn', 'error']).toContain(line.level);
      expect(Object.keys(line).sort()).toEqual(['level', 'message']);
    }
  });

  it('writes multipart/mixed parts with the boundary its Content-Type names, closed at the end', async () => {
    const response = await fetch(`${servers.streamsUrl}/parts?__stream_count=2&__stream_interval=0`);
    const boundary = /boundary=([^;]+)/.exec(response.headers.get('content-type') ?? '')?.[1];
    expect(boundary).toBeDefined();
    const text = await response.text();
    expect(text.split(`--${boundary}\r\n`)).toHaveLength(3);
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });
});
