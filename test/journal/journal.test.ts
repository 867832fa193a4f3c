import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

const TOKEN = 'consumer-secret-token-1234';
const json = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
let mock: MockServer;
afterEach(() => mock?.close());

const createPlant = (payload: string, headers: Record<string, string> = {}, url = '/plants') =>
  mock.inject({ method: 'POST', url, headers: { ...json, ...headers }, payload });
const list = async (query = '') => JSON.parse((await mock.inject(`/__mock/journal${query}`)).body);

describe('request journal', () => {
  it('records request and response with the bearer token masked and the body exactly as sent', async () => {
    mock = await createMockServer();
    const body = '{"id": 9223372036854775807, "name": "Monstera", "tag": "tropical"}';
    await createPlant(body, { 'x-mock-session': 'checkout' }, '/plants?debug=1');
    const { entries } = await list();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      session: 'checkout',
      method: 'POST',
      path: '/plants',
      query: { debug: '1' },
      body,
      findings: [],
      invalid: false,
      operation: 'createPlant',
      response: { status: 200, body: { name: 'Monstera', tag: 'tropical' } },
    });
    expect(entry.headers.authorization).toBe('Bearer ***1234');
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
    expect(entry.source).not.toBe('');
    expect(entry.durationMs).toBeGreaterThan(0);
    expect(Date.parse(entry.time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records the headers the mock answered with, CORS and content headers included', async () => {
    mock = await createMockServer();
    await createPlant('{"id": 1}', { origin: 'http://localhost:5173' });
    await createPlant('{"id": 2, "name": "Fern"}');
    const [rejected, created] = (await list()).entries;
    expect(rejected.response.status).toBe(400);
    expect(rejected.response.headers).toMatchObject({
      'x-mock-error': 'INVALID_REQUEST',
      'access-control-allow-origin': 'http://localhost:5173',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(Number(rejected.response.headers['content-length'])).toBeGreaterThan(0);
    expect(created.query).toEqual({});
    expect(created.response.headers).toMatchObject({ vary: 'Origin', 'content-type': 'application/json; charset=utf-8' });
    expect(created.response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps the validation findings of a rejected request and marks it invalid', async () => {
    mock = await createMockServer();
    await createPlant('{"id": "seven"}');
    const [entry] = (await list()).entries;
    expect(entry.invalid).toBe(true);
    expect(entry.response.status).toBe(400);
    expect(entry.findings.map((f: { path: string[] }) => f.path.join('.'))).toEqual(expect.arrayContaining(['id', 'name']));
  });

  it('records requests the pipeline never saw, such as bodies over the limit', async () => {
    mock = await createMockServer({ bodyLimit: 64 });
    await createPlant(JSON.stringify({ id: 1, name: 'x'.repeat(100) }));
    const [entry] = (await list()).entries;
    expect(entry).toMatchObject({ invalid: true, source: 'rejected PAYLOAD_TOO_LARGE', response: { status: 413 } });
  });

  it('keeps only the last journalSize entries and records nothing with 0', async () => {
    mock = await createMockServer({ journalSize: 3 });
    for (let id = 1; id <= 5; id++) await createPlant(JSON.stringify({ id, name: `p${id}` }));
    const listed = await list();
    expect(listed).toMatchObject({ count: 3, size: 3, capacity: 3 });
    expect(listed.entries.map((e: { body: string }) => JSON.parse(e.body).id)).toEqual([3, 4, 5]);
    await mock.close();

    mock = await createMockServer({ journalSize: 0 });
    await createPlant('{"id": 1, "name": "a"}');
    expect(await list()).toMatchObject({ count: 0, size: 0, capacity: 0, entries: [] });
  });

  it('keeps the first 64 KiB of a large body and says it is truncated', async () => {
    mock = await createMockServer({ bodyLimit: 256 * 1024 });
    await createPlant(JSON.stringify({ id: 1, name: 'n'.repeat(100_000) }));
    const [entry] = (await list()).entries;
    expect(entry).toMatchObject({ bodyTruncated: true, bodySize: 100_018 });
    expect(entry.body).toHaveLength(64 * 1024);
  });

  it('keeps a body that is not UTF-8 as base64', async () => {
    mock = await createMockServer();
    await mock.inject({ method: 'POST', url: '/plants', headers: json, payload: Buffer.from([0x7b, 0xff, 0x7d]) });
    const [entry] = (await list()).entries;
    expect(entry).toMatchObject({ body: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'), bodyEncoding: 'base64', invalid: true });
  });

  it('does not record the mock`s own endpoints', async () => {
    mock = await createMockServer();
    await mock.inject('/__mock/health');
    await mock.inject('/__mock/metrics');
    expect((await list()).size).toBe(0);
  });
});

describe('filters, count and clear', () => {
  it('filters by session, method, path pattern, status class and since', async () => {
    mock = await createMockServer();
    await createPlant('{"id": 1, "name": "a"}', { 'x-mock-session': 'a' });
    await createPlant('{"id": "bad"}', { 'x-mock-session': 'b' });
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mock.inject({ method: 'GET', url: '/plants', headers: json });
    const count = async (query: string) => JSON.parse((await mock.inject(`/__mock/journal/count?${query}`)).body).count;
    expect(await count('')).toBe(3);
    expect(await count('session=a')).toBe(1);
    expect(await count('method=post')).toBe(2);
    expect(await count('path=/pla*')).toBe(3);
    expect(await count('status=4xx')).toBe(2);
    expect(await count('status=200')).toBe(1);
    expect(await count(`since=${encodeURIComponent(between)}`)).toBe(1);
    expect((await list('?status=400&limit=5')).entries).toHaveLength(1);
  });

  it('rejects an unknown or malformed filter with an Error from the catalogue', async () => {
    mock = await createMockServer();
    const unknown = await mock.inject('/__mock/journal/count?sesion=a');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 40001, message: expect.stringContaining('sesion') });
    const status = await mock.inject('/__mock/journal?status=abc');
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toContain('status');
  });

  it('clears one session or everything', async () => {
    mock = await createMockServer();
    await createPlant('{"id": 1, "name": "a"}', { 'x-mock-session': 'a' });
    await createPlant('{"id": 2, "name": "b"}', { 'x-mock-session': 'b' });
    expect((await mock.inject({ method: 'DELETE', url: '/__mock/journal?session=a' })).json()).toEqual({ cleared: 1, size: 1 });
    expect((await list()).entries.map((e: { session: string }) => e.session)).toEqual(['b']);
    expect((await mock.inject({ method: 'DELETE', url: '/__mock/journal' })).json()).toEqual({ cleared: 1, size: 0 });
  });
});

describe('verify', () => {
  const verify = (body: unknown) => mock.inject({ method: 'POST', url: '/__mock/journal/verify', payload: body as object });

  it('passes when enough requests match', async () => {
    mock = await createMockServer();
    await createPlant('{"id": 1, "name": "a"}');
    await createPlant('{"id": 2, "name": "b"}');
    expect((await verify({ method: 'POST', path: '/plants', status: '200', atLeast: 1 })).json()).toMatchObject({ pass: true, count: 2 });
    expect((await verify({ method: 'POST', exactly: 2 })).json()).toMatchObject({ pass: true, expected: 'exactly 2', closest: [] });
  });

  it('fails with a clear message and the closest non-matching entries', async () => {
    mock = await createMockServer();
    await createPlant('{"id": "x"}');
    await mock.inject({ method: 'GET', url: '/plants', headers: json });
    const result = (await verify({ method: 'POST', path: '/plants', status: '200', exactly: 1 })).json();
    expect(result).toMatchObject({ pass: false, count: 0, expected: 'exactly 1' });
    expect(result.message).toContain('expected exactly 1 request(s) matching method=POST, path=/plants, status=200, found 0');
    expect(result.closest[0]).toMatchObject({ method: 'POST', mismatches: ['status: expected 200, got 400'] });
    expect(result.closest).toHaveLength(2);
  });

  it('rejects an expectation without atLeast or exactly, or with a mistyped field', async () => {
    mock = await createMockServer();
    expect((await verify({ method: 'POST' })).statusCode).toBe(400);
    const typo = await verify({ methd: 'POST', atLeast: 1 });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toContain('methd');
    const notJson = await mock.inject({
      method: 'POST',
      url: '/__mock/journal/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.json().error).toBe(40001);
  });
});
