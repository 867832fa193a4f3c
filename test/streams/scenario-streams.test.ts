import { afterEach, describe, expect, it } from 'vitest';
import { MockConfigError } from '../../src/index.js';
import { parseSseText } from '../../src/openapi/sse-text.js';
import { serverWith } from '../support/scenarios.js';

const STREAMS = new URL('./fixtures/streams.yaml', import.meta.url).pathname;

const SCRIPT = `
description: scripted streams
rules:
  - operation: ticks
    sequence:
      - stream:
          interval: 10
          items:
            - item: { event: tick, data: { n: 1 }, id: a }
            - item: { event: tick, data: '{"n": 2}', id: b }
              delay: 50
            - item: { comment: still here }
            - item: { event: tick, data: { n: 3 }, id: c }
      - stream: { count: 10, interval: 5, stopAfter: 2 }
      - stream: { count: 10, interval: 5, breakAfter: 3 }
  - operation: logs
    respond:
      stream:
        items:
          - item: { level: error, message: disk full }
`;

let server: Awaited<ReturnType<typeof serverWith>> | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

async function start(text = SCRIPT) {
  server = await serverWith({ 'scripted.yaml': text }, { spec: STREAMS, port: 0, logLevel: 'silent' });
  return server.listen();
}

const scenario = { 'x-mock-scenario': 'scripted' };

describe('scenario steps script streams', () => {
  it('streams the listed items with their delays, comments as heartbeats, then stops early, then breaks mid-stream', async () => {
    const url = await start();
    const started = Date.now();
    const scripted = parseSseText(await (await fetch(`${url}/ticks`, { headers: scenario })).text());
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(scripted).toEqual([
      { event: 'tick', data: '{"n":1}', id: 'a' },
      { event: 'tick', data: '{"n": 2}', id: 'b' },
      { comment: 'still here' },
      { event: 'tick', data: '{"n":3}', id: 'c' },
    ]);

    const stopped = parseSseText(await (await fetch(`${url}/ticks`, { headers: scenario })).text());
    expect(stopped).toHaveLength(2);

    const broken = await fetch(`${url}/ticks`, { headers: scenario });
    expect(broken.status).toBe(200);
    await expect(broken.text()).rejects.toThrow();
  });

  it('frames a scripted JSON Lines item as one line', async () => {
    const url = await start();
    const text = await (await fetch(`${url}/logs`, { headers: scenario })).text();
    expect(text).toBe('{"level":"error","message":"disk full"}\n');
  });

  it('journals a broken stream as the step that broke it', async () => {
    const url = await start();
    const mock = server as NonNullable<typeof server>;
    for (let i = 0; i < 3; i++) await (await fetch(`${url}/ticks`, { headers: scenario })).text().catch(() => '');
    const { entries } = JSON.parse((await mock.inject('/__mock/journal')).body) as { entries: { source: string }[] };
    expect(entries.at(-1)?.source).toContain('break-after=3');
  });

  it('refuses at load an item that breaks the item schema, naming the item', async () => {
    const bad = `
description: bad
rules:
  - operation: logs
    respond:
      stream:
        items:
          - item: { level: info, message: fine }
          - item: { level: loud, message: wrong }
`;
    const error = await start(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockConfigError);
    expect((error as Error).message).toMatch(/rule 1 \(logs\) breaks the contract: stream item 2: .*level/);
  });

  it('refuses at load a stream step for a response that does not stream', async () => {
    const bad = `
description: bad
rules:
  - operation: ticks
    respond: { status: 200, stream: { count: 2 } }
  - operation: logs
    respond: { body: [], stream: { count: 2 } }
`;
    const error = await start(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockConfigError);
    expect((error as Error).message).toContain('leave out body');
  });
});
