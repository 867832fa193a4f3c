import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

describe('CORS for browser frontends', () => {
  it('answers a preflight for POST /plants with the Authorization header', async () => {
    const server = await mockServer();
    const response = await server.inject({
      method: 'OPTIONS',
      url: '/plants',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('lets the browser read the answer and the mock headers', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": 1}', { ...JSON_BODY, origin: 'http://localhost:5173' });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(response.headers['access-control-expose-headers'])).toContain('x-mock-findings');
  });

  it('adds no CORS headers for a request without an Origin, and tells caches the answer varies by Origin', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": 1, "name": "x"}');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers.vary).toBe('Origin');
  });

  it('answers a preflight of an --admin-cors origin to an admin route without asking for the admin token', async () => {
    const server = await mockServer({ adminToken: 'admin-secret', adminCors: ['http://localhost:5173'] });
    const response = await server.inject({
      method: 'OPTIONS',
      url: '/__mock/journal',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
  });

  it('with --cors-origin, lets only the listed origins read answers and pass preflights', async () => {
    const server = await mockServer({ corsOrigins: ['http://localhost:5173'] });
    const listed = await postPlant(server, '{"id": 1, "name": "x"}', { ...JSON_BODY, origin: 'http://LOCALHOST:5173' });
    expect(listed.headers['access-control-allow-origin']).toBe('http://LOCALHOST:5173');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const other = await postPlant(server, '{"id": 1, "name": "x"}', { ...JSON_BODY, origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = (origin: string) =>
      server.inject({ method: 'OPTIONS', url: '/plants', headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight('http://localhost:5173')).headers['access-control-allow-methods']).toContain('POST');
    const refused = await preflight('https://evil.example');
    expect(refused.statusCode).toBe(204);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('with --cors-origin *, lets any origin read answers but never with credentials', async () => {
    const server = await mockServer({ corsOrigins: ['*', 'http://localhost:5173'] });
    const any = await postPlant(server, '{"id": 1, "name": "x"}', { ...JSON_BODY, origin: 'https://other.example' });
    expect(any.headers['access-control-allow-origin']).toBe('*');
    expect(any.headers['access-control-allow-credentials']).toBeUndefined();
    const listed = await postPlant(server, '{"id": 1, "name": "x"}', { ...JSON_BODY, origin: 'http://localhost:5173' });
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
  });

  it('refuses a --cors-origin that is no origin', async () => {
    await expect(mockServer({ corsOrigins: ['http://localhost:5173/app'] })).rejects.toThrow(/cors/i);
  });

  it('can be turned off', async () => {
    const server = await mockServer({ cors: false });
    const response = await postPlant(server, '{"id": 1, "name": "x"}', { ...JSON_BODY, origin: 'http://localhost:5173' });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await server.inject({
      method: 'OPTIONS',
      url: '/plants',
      headers: { origin: 'http://x', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(405);
  });

  it('leaves an OPTIONS request that is no preflight to the API, which defines no OPTIONS for /plants', async () => {
    const server = await mockServer();
    const plain = await server.inject({ method: 'OPTIONS', url: '/plants', headers: { origin: 'http://localhost:5173' } });
    expect(plain.statusCode).toBe(405);
    expect(plain.headers.allow).toBe('POST');
  });
});
