import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

interface Stream {
  readonly response: IncomingMessage;
  text: string;
  ended: boolean;
}

function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    get(`${url}/__mock/events`, { headers: { accept: 'text/event-stream' } }, (response) => {
      const stream: Stream = { response, text: '', ended: false };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        stream.text += chunk;
      });
      response.on('end', () => {
        stream.ended = true;
      });
      response.on('error', () => {
        stream.ended = true;
      });
      resolve(stream);
    }).on('error', reject);
  });
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('event streams are bounded', () => {
  let mock: MockServer;
  let url: string;
  beforeAll(async () => {
    mock = await createMockServer({ maxEventStreams: 4 });
    url = await mock.listen();
  });
  afterAll(() => mock.close());

  it('closes the oldest streams beyond --max-event-streams, telling them why, and keeps serving the API', async () => {
    const streams: Stream[] = [];
    for (let i = 0; i < 40; i++) streams.push(await openStream(url));
    expect(await until(() => streams.filter((s) => s.ended).length === 36)).toBe(true);
    expect(streams.slice(0, 36).every((s) => s.ended && s.text.includes('event: closed') && s.text.includes('too-many-streams'))).toBe(
      true,
    );
    expect(streams.slice(36).every((s) => !s.ended)).toBe(true);
    const health = await fetch(`${url}/__mock/health`);
    expect(health.status).toBe(200);
    for (const stream of streams) stream.response.destroy();
  });
});

describe('only an EventSource opens an event stream', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer();
  });
  afterAll(() => mock.close());

  it.each([
    ['an <img>', { accept: 'image/avif,image/webp,*/*;q=0.8', 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' }, 406],
    ['a <script> from a plain-HTTP LAN page (no Fetch Metadata)', { accept: '*/*' }, 406],
    [
      'a no-cors fetch that asks for text/event-stream',
      { accept: 'text/event-stream', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' },
      403,
    ],
    ['an <iframe> asking for text/event-stream', { accept: 'text/event-stream', 'sec-fetch-dest': 'iframe' }, 403],
  ])('refuses %s', async (_what, headers, status) => {
    const refused = await mock.inject({ url: '/__mock/events', headers });
    expect(refused.statusCode).toBe(status);
    expect(refused.headers['content-type']).toContain('application/json');
    if (status === 403)
      expect(refused.json().message).toMatch(
        /^A request of Sec-Fetch-Mode .* may not call \/__mock\/; open the event stream with an EventSource$/,
      );
  });
});

describe('event streams count against --max-connections', () => {
  let mock: MockServer;
  let url: string;
  beforeAll(async () => {
    mock = await createMockServer({ maxConnections: 8, maxEventStreams: 32 });
    url = await mock.listen();
  });
  afterAll(() => mock.close());

  it('keeps at most half of the connections for streams, so the API is served beside them', async () => {
    const streams: Stream[] = [];
    for (let i = 0; i < 12; i++) streams.push(await openStream(url));
    expect(await until(() => streams.filter((s) => !s.ended).length === 4)).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        fetch(`${url}/plants`, {
          method: 'POST',
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          body: '{"id": 1, "name": "Ficus"}',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const stream of streams) stream.response.destroy();
  });
});
