import { afterEach, describe, expect, it } from 'vitest';
import type { MockServerOptions } from '../../src/index.js';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';
import { startUpstream, type TestUpstream, type UpstreamDrift } from '../support/upstream.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const upstreams: TestUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function upstreamAndMock(options: MockServerOptions = {}) {
  const upstream = await startUpstream();
  upstreams.push(upstream);
  const server = await mockServer({ spec: SPEC, proxy: `${upstream.url}/v1`, ...options });
  return { upstream, server };
}

const plant = JSON.stringify({ id: 7, name: 'Ficus', tag: 'tree' });

describe('drift: answers of the real service checked against the document', () => {
  it.each<[UpstreamDrift, string, string]>([
    ['undocumented-status', 'POST', 'status: status 418 is not documented (documented: 200, 400)'],
    ['missing-field', 'POST', 'body: '],
    ['wrong-content-type', 'POST', 'media-type: Content-Type text/plain is not documented (documented: application/json)'],
    ['missing-header', 'GET', 'header: x-request-id required header X-Request-Id is missing'],
    ['int64-overflow', 'GET', 'int64: /id must be an int64 integer'],
  ])('reports %s in x-mock-drift and passes the answer on', async (drift, method, header) => {
    const { upstream, server } = await upstreamAndMock();
    upstream.drift = drift;
    const response =
      method === 'POST'
        ? await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant })
        : await server.inject({ method: 'GET', url: '/plants/7', headers: AUTH });
    expect(response.headers['x-mock-drift']).toContain(header);
    if (drift === 'int64-overflow') expect(response.body).toBe('{"id":9223372036854775808,"name":"Ficus"}');
  });

  it('names a missing required property of the body', async () => {
    const { upstream, server } = await upstreamAndMock();
    upstream.drift = 'missing-field';
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-mock-drift']).toMatch(/^body: .*name/);
  });

  it('reports nothing for a documented 404 or a fitting answer', async () => {
    const { server } = await upstreamAndMock();
    const missing = await server.inject({ method: 'GET', url: '/plants/404', headers: AUTH });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-mock-drift']).toBeUndefined();
    const found = await server.inject({ method: 'GET', url: '/plants/7', headers: AUTH });
    expect(found.headers['x-mock-drift']).toBeUndefined();
    expect(found.headers['x-request-id']).toBe('req-1');
  });

  it('counts drift per operation in coverage, GET /__mock/drift (JSON, JUnit, Markdown) and the metrics', async () => {
    const { upstream, server } = await upstreamAndMock();
    await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    upstream.drift = 'undocumented-status';
    await server.inject({ method: 'POST', url: '/plants', headers: { ...JSON_BODY, 'x-mock-session': 's1' }, payload: plant });
    const coverage = server.coverage();
    expect(coverage.summary).toMatchObject({ upstreamAnswers: 2, driftingAnswers: 1 });
    const drift = (await server.inject('/__mock/drift')).json();
    expect(drift).toMatchObject({
      session: null,
      summary: { upstreamAnswers: 2, driftingAnswers: 1, operationsDrifting: 1 },
      operations: [
        {
          method: 'POST',
          path: '/plants',
          answers: 2,
          drifting: 1,
          byKind: { status: 1 },
          findings: [{ kind: 'status', message: 'status 418 is not documented (documented: 200, 400)', answers: 1 }],
        },
      ],
    });
    expect((await server.inject('/__mock/drift?session=s1')).json().summary).toMatchObject({ upstreamAnswers: 1, driftingAnswers: 1 });
    const junit = await server.inject('/__mock/drift?format=junit');
    expect(junit.headers['content-type']).toMatch(/^application\/xml/);
    expect(junit.body).toContain('failures="1"');
    const markdown = await server.inject('/__mock/drift?format=markdown');
    expect(markdown.body).toContain('1 of 2 answers of the real service drifted from the document.');
    const metrics = (await server.inject('/__mock/metrics')).body;
    expect(metrics).toContain('plantstore_mock_upstream_answers_total{operation="createPlant",drift="status"} 1');
    expect(metrics).toContain('plantstore_mock_upstream_answers_total{operation="createPlant",drift="none"} 1');
  });

  it('with --proxy-strict answers 502 naming the findings and keeps the upstream body in the journal', async () => {
    const { upstream, server } = await upstreamAndMock({ proxyStrict: true });
    upstream.drift = 'undocumented-status';
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 50202,
      message: 'The upstream service broke the contract: status: status 418 is not documented (documented: 200, 400)',
    });
    const entries = (await server.inject('/__mock/journal')).json().entries as Record<string, unknown>[];
    expect(entries.at(-1)?.upstream).toEqual({
      status: 418,
      drift: [{ kind: 'status', at: '', message: 'status 418 is not documented (documented: 200, 400)' }],
      strict: true,
      body: '{"error":41801,"message":"I am a teapot"}',
    });
  });

  it('turns the proxy off for one session through the admin API', async () => {
    const { upstream, server } = await upstreamAndMock();
    const put = await server.inject({
      method: 'PUT',
      url: '/__mock/proxy',
      headers: { 'content-type': 'application/json' },
      payload: '{"session":"s2","proxy":"off"}',
    });
    expect(put.json()).toEqual({ upstream: `${upstream.url}/v1`, session: 's2', proxy: 'off' });
    await server.inject({ method: 'POST', url: '/plants', headers: { ...JSON_BODY, 'x-mock-session': 's2' }, payload: plant });
    expect(upstream.seen).toHaveLength(0);
    await server.inject({
      method: 'POST',
      url: '/plants',
      headers: { ...JSON_BODY, 'x-mock-session': 's2', 'x-mock-proxy': 'on' },
      payload: plant,
    });
    await server.inject({ method: 'POST', url: '/plants', headers: { ...JSON_BODY, 'x-mock-session': 's3' }, payload: plant });
    expect(upstream.seen).toHaveLength(2);
    const bad = await server.inject({
      method: 'PUT',
      url: '/__mock/proxy',
      headers: { 'content-type': 'application/json' },
      payload: '{"proxy":"maybe"}',
    });
    expect(bad.statusCode).toBe(400);
  });
});
