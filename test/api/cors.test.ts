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
