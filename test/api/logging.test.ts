import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

function capture() {
  const lines: string[] = [];
  return { lines, logStream: { write: (line: string) => lines.push(line) } };
}

describe('logging', () => {
  it('writes one concise line per request with method, path, status, time and what answered', async () => {
    const { lines, logStream } = capture();
    const server = await mockServer({ logLevel: 'info', logStream });
    await postPlant(server, '{"id": 1, "name": "x"}', {
      authorization: 'Bearer s3cr3t-t0ken',
      'content-type': 'application/json',
      prefer: 'code=400',
    });
    await postPlant(server, '{"id": 1}', { authorization: 'Bearer s3cr3t-t0ken', 'content-type': 'application/json' });
    const messages = lines.map((l) => JSON.parse(l).msg as string);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^POST \/plants 400 \d+\.\dms code=400 example=invalid-name$/);
    expect(messages[1]).toMatch(/^POST \/plants 400 \d+\.\dms rejected INVALID_REQUEST$/);
    const ids = lines.map((l) => JSON.parse(l).reqId as string);
    expect(ids[0]).toMatch(/^req-\d+$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it("logs requests to the mock's own endpoints and CORS preflights too", async () => {
    const { lines, logStream } = capture();
    const server = await mockServer({ logLevel: 'info', logStream });
    await server.inject({ method: 'GET', url: '/__mock/health' });
    await server.inject({ method: 'OPTIONS', url: '/plants', headers: { origin: 'http://x', 'access-control-request-method': 'POST' } });
    const messages = lines.map((l) => JSON.parse(l).msg as string);
    expect(messages[0]).toMatch(/^GET \/__mock\/health 200 \d+\.\dms$/);
    expect(messages[1]).toMatch(/^OPTIONS \/plants 204 \d+\.\dms$/);
  });

  it('never writes a bearer token to the log, even at trace level', async () => {
    const { lines, logStream } = capture();
    const server = await mockServer({ logLevel: 'trace', logStream });
    await postPlant(server, '{"id": 1, "name": "x"}', { authorization: 'Bearer s3cr3t-t0ken', 'content-type': 'application/json' });
    await postPlant(server, '{', { authorization: 'Bearer s3cr3t-t0ken', 'content-type': 'application/json' });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('s3cr3t-t0ken');
  });

  it('is silent by default for in-process use', async () => {
    const { lines, logStream } = capture();
    const server = await mockServer({ logStream });
    await postPlant(server, '{"id": 1, "name": "x"}');
    expect(lines).toEqual([]);
  });
});
