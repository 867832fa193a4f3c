import { mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServerOptions } from '../../src/index.js';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';
import { startUpstream, type TestUpstream } from '../support/upstream.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const upstreams: TestUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function upstreamAndMock(options: MockServerOptions = {}, https?: { key: string; cert: string }) {
  const upstream = await startUpstream(https);
  upstreams.push(upstream);
  const server = await mockServer({ spec: SPEC, proxy: `${upstream.url}/v1`, ...options });
  return { upstream, server };
}

const plant = JSON.stringify({ id: 7, name: 'Ficus', tag: 'tree' });

async function lastEntry(server: Awaited<ReturnType<typeof mockServer>>) {
  const journal = (await server.inject('/__mock/journal')).json() as { entries: Record<string, unknown>[] };
  return journal.entries.at(-1) as Record<string, unknown>;
}

describe('the proxy forwards routed requests to the real service', () => {
  it('answers with its status, end-to-end headers and body, and tells it who asked', async () => {
    const { upstream, server } = await upstreamAndMock();
    const response = await server.inject({
      method: 'POST',
      url: '/plants?trace=a%20b',
      headers: { ...JSON_BODY, connection: 'keep-alive, x-hop', 'x-hop': 'drop me', 'x-mock-session': 's1', expect: '100-continue' },
      payload: plant,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"name":"Ficus","tag":"tree"}');
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(response.headers.via).toBe('1.1 plantstore-mock');
    expect(response.headers['x-mock-drift']).toBeUndefined();
    const seen = upstream.seen.at(-1);
    expect(seen?.url).toBe('/v1/plants?trace=a%20b');
    expect(seen?.body).toBe(plant);
    expect(seen?.headers.authorization).toBe(JSON_BODY.authorization);
    expect(seen?.headers['x-hop']).toBeUndefined();
    expect(seen?.headers['x-mock-session']).toBeUndefined();
    expect(seen?.headers.via).toBe('1.1 plantstore-mock');
    expect(seen?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen?.headers['x-forwarded-proto']).toBe('http');
    const entry = await lastEntry(server);
    expect(entry.source).toBe('proxy 200');
    expect((entry.headers as Record<string, string>).authorization).toBe('Bearer ***');
  });

  it('streams a body larger than the body limit byte for byte', async () => {
    const { upstream, server } = await upstreamAndMock({ bodyLimit: 64 * 1024 });
    const url = await server.listen();
    const response = await fetch(`${url}/photos/fern.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(upstream.photo)).toBe(true);
  });

  it('never lets the request choose the origin: neither an absolute-form target nor Host', async () => {
    const { upstream, server } = await upstreamAndMock({ allowedHosts: ['*'] });
    const url = new URL(await server.listen());
    const send = (target: string, host: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          // Not end(): a half-closed client would lose an answer that takes a moment.
          socket.write(
            `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: ${plant.length}\r\nConnection: close\r\n\r\n${plant}`,
          );
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
        });
        socket.on('end', () => resolve(text.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
    // An absolute-form target is no path of the document: the mock answers it, nothing is forwarded.
    expect(await send('http://evil.example:9/plants', '127.0.0.1')).toBe('HTTP/1.1 404 Not Found');
    expect(upstream.seen).toHaveLength(0);
    expect(await send('/plants', 'evil.example:9')).toBe('HTTP/1.1 200 OK');
    expect(upstream.seen.at(-1)?.url).toBe('/v1/plants');
    expect(upstream.seen.at(-1)?.headers.host).toBe(new URL(upstream.url).host);
    expect(upstream.seen.at(-1)?.headers['x-forwarded-host']).toBe('evil.example:9');
  });

  it.each(['/photos/%2e%2e', '/photos/..', '/photos/a%2Fb', '/photos/a%5cb'])(
    'refuses %s, which could leave the base path',
    async (path) => {
      const { upstream, server } = await upstreamAndMock();
      const response = await server.inject(path);
      // Routing may already refuse a dot segment (404); what reaches the proxy is refused there.
      expect(response.headers['x-mock-error']).toBe(response.statusCode === 404 ? 'NOT_FOUND' : 'PROXY_REFUSED');
      expect(upstream.seen).toHaveLength(0);
    },
  );

  it('never sends the upstream a target beginning with //, which it could read as another host', async () => {
    for (const base of ['', '/v1/']) {
      const upstream = await startUpstream();
      upstreams.push(upstream);
      // A server path whose variable may be empty routes `//evil.example/plants` to `/{host}/plants`.
      const server = await mockServer({ spec: 'test/fixtures/proxy-empty-stage.yaml', proxy: `${upstream.url}${base}` });
      for (const path of ['//evil.example/plants', '///evil.example/plants', '/%2F%2Fevil.example/plants', '/%2f/evil.example/plants'])
        await server.inject(path);
      const prefix = base === '' ? '' : '/v1';
      expect(upstream.seen.map((seen) => seen.url)).toEqual([`${prefix}/evil.example/plants`]);
    }
  });

  it('forwards a request the contract rejects and reports the violation as the consumer’s', async () => {
    const { upstream, server } = await upstreamAndMock();
    const response = await server.inject({
      method: 'POST',
      url: '/plants',
      headers: { 'content-type': 'application/json' },
      payload: plant,
    });
    expect(response.statusCode).toBe(200);
    expect(upstream.seen).toHaveLength(1);
    const entry = await lastEntry(server);
    expect(entry.invalid).toBe(true);
    expect(entry.source).toBe('proxy 200 violations=1');
    const coverage = server.coverage();
    expect(coverage.summary.violations).toBe(1);
  });

  it('rejects such a request itself with --proxy-validate-request reject', async () => {
    const { upstream, server } = await upstreamAndMock({ proxyValidateRequest: 'reject' });
    const response = await server.inject({
      method: 'POST',
      url: '/plants',
      headers: { 'content-type': 'application/json' },
      payload: plant,
    });
    expect(response.statusCode).toBe(401);
    expect(upstream.seen).toHaveLength(0);
  });

  it('leaves a request to the mock with X-Mock-Proxy: off', async () => {
    const { upstream, server } = await upstreamAndMock();
    const response = await server.inject({
      method: 'POST',
      url: '/plants',
      headers: { ...JSON_BODY, 'x-mock-proxy': 'off' },
      payload: plant,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.via).toBeUndefined();
    expect(upstream.seen).toHaveLength(0);
  });

  it('reaches an HTTPS service whose certificate a private CA (--proxy-ca) signed', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    const dir = await mkdtemp(join(tmpdir(), 'proxy-ca-'));
    const caFile = join(dir, 'ca.pem');
    await writeFile(caFile, pems.cert);
    const upstream = await startUpstream({ key: pems.private, cert: pems.cert });
    upstreams.push(upstream);
    expect(upstream.url.startsWith('https://')).toBe(true);
    const server = await mockServer({ spec: SPEC, proxy: `${upstream.url}/v1`, proxyCa: caFile });
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ficus', tag: 'tree' });
    const untrusting = await mockServer({ spec: SPEC, proxy: `${upstream.url}/v1` });
    const refused = await untrusting.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(refused.statusCode).toBe(502);
    expect(refused.headers['x-mock-error']).toBe('UPSTREAM_FAILED');
  });
});

describe('upstream failures', () => {
  it('answers 504 once --proxy-timeout has passed', async () => {
    const { upstream, server } = await upstreamAndMock({ proxyTimeout: 200 });
    upstream.drift = 'slow';
    const started = performance.now();
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(504);
    expect(response.headers['x-mock-error']).toBe('UPSTREAM_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(1_200);
    expect(response.body).not.toMatch(/at .*\.js|node_modules/);
  });

  it('answers 502 when the service resets the connection', async () => {
    const { upstream, server } = await upstreamAndMock();
    upstream.drift = 'reset';
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: 50201 });
    expect((await lastEntry(server)).source).toMatch(/^proxy failed UPSTREAM_FAILED/);
  });

  it('stops start-up when the service is down, or warns and falls back with --proxy-fallback', async () => {
    const upstream = await startUpstream();
    const url = upstream.url;
    await upstream.close();
    await expect(createMockServer({ spec: SPEC, proxy: url })).rejects.toThrow(/unreachable \(ECONNREFUSED\)/);
    const server = await mockServer({ spec: SPEC, proxy: url, proxyFallback: 'unavailable' });
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(200);
    expect((await lastEntry(server)).source).toBe('fallback unavailable (ECONNREFUSED): echo');
  });

  it('refuses a --proxy URL that is no http(s) base URL', async () => {
    await expect(createMockServer({ spec: SPEC, proxy: 'http://user:pw@127.0.0.1:1/' })).rejects.toThrow(/credentials/);
    await expect(createMockServer({ spec: SPEC, proxy: 'ftp://127.0.0.1/' })).rejects.toThrow(/http:\/\/ or https:\/\//);
  });
});

describe('fallback to the mock', () => {
  it('answers from the mock when the service is unavailable (503) with --proxy-fallback unavailable', async () => {
    const { upstream, server } = await upstreamAndMock({ proxyFallback: 'unavailable' });
    upstream.drift = 'unavailable';
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ficus', tag: 'tree' });
    expect((await lastEntry(server)).source).toBe('fallback unavailable (status 503): echo');
  });

  it('passes the 503 on without it', async () => {
    const { upstream, server } = await upstreamAndMock({ proxyFallback: 'missing' });
    upstream.drift = 'unavailable';
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(503);
    expect(response.headers['x-mock-drift']).toMatch(/^status: status 503 is not documented/);
  });

  it('answers a documented operation the service lacks (404) with --proxy-fallback missing', async () => {
    const { upstream, server } = await upstreamAndMock({ proxyFallback: 'both' });
    upstream.drift = 'missing';
    const response = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: plant });
    expect(response.statusCode).toBe(200);
    expect((await lastEntry(server)).source).toBe('fallback missing (status 404): echo');
  });
});
