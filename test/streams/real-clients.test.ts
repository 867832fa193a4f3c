import { EventSource } from 'eventsource';
import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, skipBrowser } from '../support/chromium.js';
import { eventually } from '../support/eventually.js';
import { useStreamServers } from './stream-servers.js';

const servers = useStreamServers();

/** The Last-Event-ID headers the mock's journal recorded for a path, oldest first. */
async function resumedFrom(path: string): Promise<(string | undefined)[]> {
  const { entries } = JSON.parse((await servers.streams.inject('/__mock/journal?limit=100')).body) as {
    entries: { path: string; headers: Record<string, string> }[];
  };
  return entries.filter((entry) => entry.path === path).map((entry) => entry.headers['last-event-id']);
}

describe('SSE read by the eventsource npm package', () => {
  it('receives every event, and resumes after the last id when the connection breaks mid-stream', async () => {
    let connections = 0;
    // The first connection breaks after two events: the client reconnects with Last-Event-ID.
    const breaking: typeof fetch = async (input, init) => {
      connections += 1;
      const response = await fetch(input, init);
      if (connections > 1 || !response.body) return response;
      const reader = response.body.getReader();
      let seen = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          controller.enqueue(value);
          seen += new TextDecoder().decode(value).split('\n\n').length - 1;
          if (seen >= 2) {
            await reader.cancel();
            controller.error(new Error('connection lost'));
          }
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const source = new EventSource(`${servers.streamsUrl}/ticks?__stream_count=5&__stream_interval=30&__seed=3`, { fetch: breaking });
    const ids: string[] = [];
    source.addEventListener('tick', (event) => {
      ids.push(event.lastEventId);
      expect(JSON.parse(event.data).n).toBeGreaterThanOrEqual(0);
    });
    try {
      await eventually(async () => ids.length >= 5, 15_000);
    } finally {
      source.close();
    }
    expect(connections).toBeGreaterThanOrEqual(2);
    // The ids are the item schema's (seeded); resumed after the second event: no event twice, none lost.
    expect(new Set(ids).size).toBe(ids.length);
    expect((await resumedFrom('/ticks')).slice(0, 2)).toEqual([undefined, ids[1]]);
  }, 30_000);
});

describe('chat-completion chunks read by the openai npm package', () => {
  // The SDK sends `Accept: application/json` even when it asks for a stream; the document lists only
  // text/event-stream, which the mock holds to (406 otherwise), so the client says what it takes.
  const client = () =>
    new OpenAI({ baseURL: `${servers.chatUrl}/v1`, apiKey: 'mock-key', maxRetries: 0, defaultHeaders: { accept: 'text/event-stream' } });
  const messages = [{ role: 'user' as const, content: 'When to water?' }];

  it('iterates well-formed chunks and stops at [DONE]', async () => {
    const stream = await client().chat.completions.create({ model: 'mock-1', messages, stream: true });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks).toHaveLength(4);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Water weekly.');
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });

  it("assembles the whole message with the SDK's streaming helper", async () => {
    const runner = client().chat.completions.stream({ model: 'mock-1', messages });
    const deltas: string[] = [];
    runner.on('content', (delta) => deltas.push(delta));
    const completion = await runner.finalChatCompletion();
    expect(completion.choices[0]?.message.content).toBe('Water weekly.');
    expect(deltas.join('')).toBe('Water weekly.');
  });
});

if (skipBrowser) console.warn(`EventSource browser test skipped: no chromium at ${CHROMIUM}`);

describe.skipIf(skipBrowser)("SSE read by Chromium's EventSource", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await launchChromium());
    // Same origin as the stream, so EventSource needs no CORS.
    await page.goto(`${servers.streamsUrl}/__page`);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('receives the numbered events, reconnects when the stream ends and sends Last-Event-ID, getting no event twice', async () => {
    const seen = await page.evaluate(
      () =>
        new Promise<{ ids: string[]; opens: number }>((resolve) => {
          const ids: string[] = [];
          let opens = 0;
          // The page's own EventSource (a bare name here would be the imported package's).
          const Source = (globalThis as unknown as { EventSource: typeof EventSource }).EventSource;
          const source = new Source('/notices?__stream_count=3&__stream_interval=20');
          source.onopen = () => {
            opens += 1;
            // The second open is the reconnection; give it time to deliver anything it would repeat.
            if (opens === 2)
              setTimeout(() => {
                source.close();
                resolve({ ids, opens });
              }, 300);
          };
          const note = (event: Event) => ids.push((event as MessageEvent).lastEventId);
          source.addEventListener('created', note);
          source.addEventListener('deleted', note);
        }),
    );
    expect(seen.ids).toEqual(['1', '2', '3']);
    await eventually(async () => (await resumedFrom('/notices')).length >= 2, 5_000);
    expect((await resumedFrom('/notices')).slice(0, 2)).toEqual([undefined, '3']);
  }, 30_000);
});
