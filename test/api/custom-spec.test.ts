import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('../fixtures/pets.yaml', import.meta.url).pathname;
const key = { 'x-api-key': 'k' };

describe('mocking another OpenAPI document (--spec)', () => {
  it('mocks its operations with its own security scheme', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/pets', headers: key })).json()).toEqual([{ id: 1, name: 'Tom', kind: 'cat' }]);
    const unauthorized = await server.inject({ url: '/pets' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json().message).toBe('Authentication required: send the API key in the header "x-api-key"');
    expect(unauthorized.headers['www-authenticate']).toBeUndefined();
  });

  it('validates query and path parameters', async () => {
    const server = await mockServer({ spec });
    const limit = await server.inject({ url: '/pets?limit=500', headers: key });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toContain('query.limit');
    const id = await server.inject({ url: '/pets/abc', headers: key });
    expect(id.statusCode).toBe(400);
    expect(id.json().message).toContain('path');
  });

  it('generates schema-valid bodies where the document has no example', async () => {
    const server = await mockServer({ spec, seed: 3 });
    const response = await server.inject({ url: '/pets/12', headers: key });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });

  it('prefers a literal path over a template', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject({ url: '/pets/mine', headers: key });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });

  it('honours an operation that opts out of security, and answers no body where none is defined', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject({ method: 'DELETE', url: '/pets/3' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('answers 405 listing the methods of a templated path, HEAD with GET', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject({ method: 'PUT', url: '/pets/3', headers: key });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('DELETE, GET, HEAD');
  });

  it('forces a status that has no body', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject({ url: '/pets/3', headers: { ...key, prefer: 'code=404' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('');
  });
});
