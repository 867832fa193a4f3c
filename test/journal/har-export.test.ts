import { afterEach, describe, expect, it } from 'vitest';
import { harViolations } from '../../src/har/check-har.js';
import { harEntry } from '../../src/har/har-entry.js';
import { createMockServer, type MockServer } from '../../src/index.js';
import { useConsumers } from '../callbacks/consumer.js';
import { eventually } from '../support/eventually.js';

let mock: MockServer;
afterEach(() => mock?.close());
const consumer = useConsumers();
const auth = { authorization: 'Bearer consumer-token-0123456789', 'content-type': 'application/json' };

describe('the journal as HAR', () => {
  it('is a HAR 1.2 log that validates against the HAR schema, credentials masked, filtered like the journal', async () => {
    mock = await createMockServer();
    await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id": 1, "name": "Ficus", "password": "hunter2"}' });
    await mock.inject({ method: 'GET', url: '/plants?limit=2&api_token=abcdefghijklmnop', headers: { ...auth, 'x-mock-session': 's1' } });
    await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id": "x"}' });
    const response = await mock.inject('/__mock/journal?format=har');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="plantstore-mock.har"');
    const har = response.json();
    expect(harViolations(har)).toEqual([]);
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('plantstore-mock');
    expect(har.log.entries).toHaveLength(3);
    const [created, listed, rejected] = har.log.entries;
    expect(created.request.url).toBe('http://localhost/plants');
    expect(created.request.postData.text).toBe('{"id": 1, "name": "Ficus", "password": "***"}');
    expect(created.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer ***6789' });
    expect(created._operation).toBe('createPlant');
    expect(created.response.status).toBe(200);
    expect(JSON.parse(created.response.content.text)).toMatchObject({ name: 'Ficus' });
    expect(created.response.content.mimeType).toContain('application/json');
    expect(listed.request.queryString).toContainEqual({ name: 'api_token', value: '***mnop' });
    expect(listed._session).toBe('s1');
    expect(rejected.response.status).toBe(400);
    expect(rejected._source).toMatch(/rejected/);
    expect(JSON.stringify(har)).not.toMatch(/hunter2|consumer-token|abcdefghijklmnop/);

    const session = (await mock.inject('/__mock/journal?format=har&session=s1')).json();
    expect(session.log.entries).toHaveLength(1);
    expect(harViolations(session)).toEqual([]);
    const limited = (await mock.inject('/__mock/journal?format=har&limit=1&method=post')).json();
    expect(limited.log.entries.map((e: { response: { status: number } }) => e.response.status)).toEqual([400]);
  });

  it('holds callbacks at their own absolute URLs, their userinfo password and query token masked', async () => {
    const target = await consumer((_path, response) => response.writeHead(204).end());
    mock = await createMockServer({ spec: new URL('../fixtures/callbacks.yaml', import.meta.url).pathname });
    for (const callbackUrl of [`http://cbuser:CBPASSWORD@127.0.0.1:${target.port}/hook?token=CBSECRETTOKEN`, `${target.url}/hook`])
      await mock.inject({
        method: 'POST',
        url: '/orders',
        headers: { 'content-type': 'application/json', prefer: 'callback-delay=0' },
        payload: JSON.stringify({ callbackUrl }),
      });
    await eventually(async () => (await mock.inject('/__mock/journal')).json().entries.length === 4, 10_000);
    // The request that named the URL keeps its body as sent; the callbacks are masked.
    const callbacks = (await mock.inject('/__mock/journal')).json().entries.filter((entry: { callback?: unknown }) => entry.callback);
    expect(callbacks.map((entry: { path: string }) => entry.path)).toContain(
      `http://cbuser:***@127.0.0.1:${target.port}/hook?token=***OKEN`,
    );
    expect(JSON.stringify(callbacks)).not.toMatch(/CBPASSWORD|CBSECRETTOKEN/);
    const response = await mock.inject('/__mock/journal?format=har');
    expect(response.statusCode).toBe(200);
    const har = response.json();
    expect(harViolations(har)).toEqual([]);
    const urls = har.log.entries.map((entry: { request: { url: string } }) => entry.request.url);
    expect(urls).toContain(`${target.url}/hook`);
    expect(urls).toContain(`http://cbuser:***@127.0.0.1:${target.port}/hook?token=***OKEN`);
    const sent = har.log.entries.filter((entry: { _source: string }) => entry._source.startsWith('callback'));
    expect(JSON.stringify(sent)).not.toMatch(/CBPASSWORD|CBSECRETTOKEN/);
  });

  it('refuses an unknown format with the admin API`s clear error', async () => {
    mock = await createMockServer();
    const response = await mock.inject('/__mock/journal?format=csv');
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.js/);
  });
});

describe('a HAR entry', () => {
  it('writes a URL no parser reads as it is, with no query listed, rather than failing the log', () => {
    const exchange = { time: 0, durationMs: 1, method: 'GET', requestHeaders: {}, requestBody: undefined, requestBodySize: 0 };
    const entry = harEntry({ ...exchange, url: 'http://h:1http://x', status: 200, responseHeaders: {}, responseBody: undefined });
    expect(entry.request).toMatchObject({ url: 'http://h:1http://x', queryString: [] });
  });
});

describe('the HAR check', () => {
  it('names what makes a value no HAR log', () => {
    expect(harViolations({})).toEqual(["/ must have required property 'log'"]);
    expect(harViolations({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [{}] } })[0]).toMatch(
      /^\/log\/entries\/0 must have required property/,
    );
  });
});
