import type { OutgoingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useFixedUpstreams } from '../support/fixed-upstream.js';
import { AUTH, closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const plant = JSON.stringify({ id: 7, name: 'Ficus' });

const fixedUpstream = useFixedUpstreams();

/** A real service answering every request with the plant and `headers`. */
const upstream = (headers: Record<string, string>) =>
  fixedUpstream(200, { 'content-type': 'application/json', 'x-request-id': 'r-1', ...headers }, plant);

const fromPage = { ...AUTH, origin: 'https://any-page.example' };
const cors = (headers: OutgoingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

describe('a proxied answer read from another origin', () => {
  it("is not readable by any page: the mock reflects no origin and allows no credentials on the real service's answer", async () => {
    const server = await mockServer({ spec: SPEC, proxy: await upstream({}) });
    const answer = await server.inject({ url: '/plants/7', headers: fromPage });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 7, name: 'Ficus' });
    expect(cors(answer.headers)).toEqual({});
  });

  it("carries the real service's own CORS headers, as it sent them", async () => {
    const own = { 'access-control-allow-origin': 'https://app.example', 'access-control-allow-credentials': 'true' };
    const server = await mockServer({ spec: SPEC, proxy: await upstream(own) });
    const answer = await server.inject({ url: '/plants/7', headers: fromPage });
    expect(cors(answer.headers)).toEqual(own);
  });

  it("keeps the mock's own CORS on what the mock makes itself (X-Mock-Proxy: off)", async () => {
    const server = await mockServer({ spec: SPEC, proxy: await upstream({}) });
    const answer = await server.inject({ url: '/plants/7', headers: { ...fromPage, 'x-mock-proxy': 'off' } });
    expect(answer.headers['access-control-allow-origin']).toBe('https://any-page.example');
  });
});

describe('a proxied answer under an explicit --cors-origin list', () => {
  const own = {
    'access-control-allow-origin': 'https://any-page.example',
    'access-control-allow-credentials': 'true',
    vary: 'Accept-Encoding',
  };

  it("is readable by a listed origin only, the list standing in for the service's own headers", async () => {
    const server = await mockServer({ spec: SPEC, proxy: await upstream(own), corsOrigins: ['https://app.example'] });
    const listed = await server.inject({ url: '/plants/7', headers: { ...AUTH, origin: 'https://app.example' } });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(listed.headers.vary)).toMatch(/Accept-Encoding, Origin/);
    const other = await server.inject({ url: '/plants/7', headers: fromPage });
    expect(other.statusCode).toBe(200);
    expect(cors(other.headers)).toEqual({});
  });

  it('with * is readable by any page, without credentials', async () => {
    const server = await mockServer({ spec: SPEC, proxy: await upstream(own), corsOrigins: ['*'] });
    const answer = await server.inject({ url: '/plants/7', headers: fromPage });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe("the mock's own headers from an upstream", () => {
  it('are dropped: an upstream cannot speak for the mock (x-mock-error, x-mock-findings, x-mock-drift)', async () => {
    const forged = { 'x-mock-error': 'FORGED', 'x-mock-findings': 'forged', 'x-mock-drift': 'forged', 'x-mock-anything': 'forged' };
    const server = await mockServer({ spec: SPEC, proxy: await upstream(forged) });
    const answer = await server.inject({
      method: 'POST',
      url: '/plants',
      headers: { ...fromPage, 'content-type': 'application/json' },
      payload: plant,
    });
    expect(answer.statusCode).toBe(200);
    for (const name of Object.keys(forged)) expect(String(answer.headers[name] ?? ''), name).not.toContain('orged');
  });
});

describe('a preflight to the mock with --proxy and no --cors-origin list', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS' as const,
    url: '/plants/7',
    headers: { origin, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization,x-anything' },
  });

  it('approves nothing for a page of another site, which could otherwise send the real service a DELETE', async () => {
    const server = await mockServer({ spec: SPEC, proxy: await upstream({}) });
    const answer = await server.inject(preflight('https://evil.example'));
    expect(answer.statusCode).toBe(204);
    expect(cors(answer.headers)).toEqual({});
  });

  it("approves a page served from this machine (a frontend's dev server), and any page the list names", async () => {
    const server = await mockServer({ spec: SPEC, proxy: await upstream({}) });
    const local = await server.inject(preflight('http://localhost:5173'));
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(local.headers['access-control-allow-methods']).toMatch(/DELETE/);
    const listedServer = await mockServer({ spec: SPEC, proxy: await upstream({}), corsOrigins: ['https://app.example'] });
    const listed = await listedServer.inject(preflight('https://app.example'));
    expect(listed.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  it('leaves preflights open to any page when nothing is proxied', async () => {
    const server = await mockServer({ spec: SPEC });
    const answer = await server.inject(preflight('https://any-page.example'));
    expect(answer.headers['access-control-allow-origin']).toBe('https://any-page.example');
  });
});
