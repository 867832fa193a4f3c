import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

let mock: MockServer;
afterEach(() => mock?.close());
const auth = { authorization: 'Bearer t', 'content-type': 'application/json' };

describe('metrics', () => {
  it('exposes requests by operation, status and scenario, latency, validation failures and journal size', async () => {
    mock = await createMockServer();
    await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id": 1, "name": "a"}' });
    await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id": "x"}' });
    await mock.inject({ method: 'GET', url: '/nowhere', headers: auth });
    const response = await mock.inject('/__mock/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toContain('plantstore_mock_requests_total{operation="createPlant",status="200",scenario="none"} 1');
    expect(text).toContain('plantstore_mock_requests_total{operation="unmatched",status="404",scenario="none"} 1');
    expect(text).toContain('plantstore_mock_validation_failures_total{operation="createPlant",code="INVALID_REQUEST"} 1');
    expect(text).toMatch(/plantstore_mock_request_duration_seconds_bucket\{le="\+Inf",operation="createPlant"\} 2/);
    expect(text).toContain('plantstore_mock_journal_entries 3');
  });

  it('keeps each server`s counts apart', async () => {
    mock = await createMockServer();
    const other = await createMockServer();
    try {
      await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id": 1, "name": "a"}' });
      expect((await other.inject('/__mock/metrics')).body).not.toContain('plantstore_mock_requests_total{');
    } finally {
      await other.close();
    }
  });
});

describe('admin OpenAPI document', () => {
  it('describes every admin endpoint', async () => {
    mock = await createMockServer();
    const document = (await mock.inject('/__mock/openapi.json')).json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/__mock/journal',
      '/__mock/journal/count',
      '/__mock/journal/verify',
      '/__mock/events',
      '/__mock/metrics',
      '/__mock/scenario',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const listParameters = document.paths['/__mock/journal'].get.parameters.map((p: { name: string }) => p.name);
    expect(listParameters).toEqual(expect.arrayContaining(['session', 'method', 'path', 'status', 'since', 'limit']));
  });
});

describe('dashboard and live events', () => {
  it('serves one self-contained page at /__mock/ and /__mock/index.html', async () => {
    mock = await createMockServer();
    for (const url of ['/__mock/', '/__mock/index.html']) {
      const page = await mock.inject(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<script>');
      expect(page.body).not.toMatch(/src="https?:|href="https?:/);
    }
    expect((await mock.inject('/__mock?token=x')).headers.location).toBe('/__mock/?token=x');
  });

  it('streams new entries as server-sent events and ends the stream on close', async () => {
    mock = await createMockServer();
    const url = await mock.listen();
    const controller = new AbortController();
    const events = await fetch(`${url}/__mock/events`, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const reader = events.body?.getReader();
    if (!reader) throw new Error('no body');
    await fetch(`${url}/plants`, { method: 'POST', headers: auth, body: '{"id": 12345678901234567890, "name": "big"}' });
    let text = '';
    while (!text.includes('event: entry')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('12345678901234567890');
    // An open dashboard must not hold up close().
    await mock.close();
    let ended = false;
    while (!ended) ended = (await reader.read()).done;
    controller.abort();
  });
});
