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
    get(`${url}/__mock/events`, (response) => {
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
