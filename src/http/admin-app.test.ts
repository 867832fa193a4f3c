import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../index.js';
import { ADMIN_METHODS } from './admin-app.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const logged = () => {
  const lines: string[] = [];
  return { lines, logStream: { write: (line: string) => lines.push(line) } };
};

describe('the admin app (built on first use)', () => {
  it('takes every method its own document lists', async () => {
    mock = await createMockServer();
    const document = (await mock.inject('/__mock/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const methods = new Set(Object.values(document.paths).flatMap((item) => Object.keys(item).map((m) => m.toUpperCase())));
    expect(methods.size).toBeGreaterThan(2);
    for (const method of methods) expect(ADMIN_METHODS).toContain(method);
  });

  it('answers the first admin requests that arrive together, before it exists', async () => {
    mock = await createMockServer();
    const answers = await Promise.all([
      mock.inject('/__mock/health'),
      mock.inject('/__mock/journal/count'),
      mock.inject({ method: 'POST', url: '/__mock/journal/verify', payload: { exactly: 0 } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[1]?.json()).toEqual({ count: 0 });
  });

  it('answers an admin path that no admin route takes with NOT_FOUND, and leaves it out of the journal', async () => {
    mock = await createMockServer();
    for (const url of ['/__mock/nothing-here', '/__mock/journal/nothing']) {
      const answer = await mock.inject(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['x-mock-error']).toBe('NOT_FOUND');
      expect(answer.json()).toEqual({ error: 40401, message: `No operation matches GET ${url}` });
    }
    expect((await mock.inject('/__mock/journal/count')).json()).toEqual({ count: 0 });
  });

  it('leaves other methods on admin paths to the API, which has no such path', async () => {
    mock = await createMockServer();
    const answer = await mock.inject({ method: 'PATCH', url: '/__mock/journal' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['x-mock-error']).toBe('NOT_FOUND');
  });

  it('logs an admin answer under the request id the server gave it, distinct from the API answers', async () => {
    const { lines, logStream } = logged();
    mock = await createMockServer({ logLevel: 'info', logStream });
    await mock.inject('/__mock/health');
    await mock.inject('/plants');
    await mock.inject('/__mock/health');
    const ids = lines.map((line) => JSON.parse(line).reqId as string);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^req-\d+$/);
  });

  it('carries the CORS headers of the API app', async () => {
    mock = await createMockServer({ cors: true, adminCors: ['http://app.test'] });
    const answer = await mock.inject({ url: '/__mock/health', headers: { origin: 'http://app.test' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('http://app.test');
    expect(answer.headers.vary).toContain('Origin');
  });

  it('leaves CORS preflights to the API app, which answers them without the admin token', async () => {
    mock = await createMockServer({ cors: true, adminToken: 'admin-secret', adminCors: ['http://app.test'] });
    const preflight = await mock.inject({
      method: 'OPTIONS',
      url: '/__mock/journal',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization');
    expect((await mock.inject({ url: '/__mock/journal', headers: { origin: 'http://app.test' } })).statusCode).toBe(401);
  });

  it('answers the admin body limit and bad JSON from the catalogue', async () => {
    mock = await createMockServer({ bodyLimit: 64 });
    const big = await mock.inject({ method: 'POST', url: '/__mock/journal/verify', payload: { path: 'x'.repeat(100), exactly: 0 } });
    expect(big.statusCode).toBe(413);
    const bad = await mock.inject({
      method: 'POST',
      url: '/__mock/journal/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('not valid JSON');
  });

  it('closes with the server, ending event streams it holds open', async () => {
    mock = await createMockServer({ port: 0 });
    const url = await mock.listen();
    const events = await fetch(`${url}/__mock/events`, { signal: AbortSignal.timeout(5000), headers: { accept: 'text/event-stream' } });
    expect(events.status).toBe(200);
    const reading = events.text();
    await mock.close();
    mock = undefined;
    await expect(reading).resolves.toBeTypeOf('string');
  });
});
