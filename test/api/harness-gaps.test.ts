import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/harness-gaps.yaml', import.meta.url).pathname;
const swagger = new URL('./fixtures/produces-case.yaml', import.meta.url).pathname;

describe("the cases of Prism's black-box harness that apply to any mock", () => {
  it('answers HEAD on a path without GET with 405 and Allow', async () => {
    const server = await mockServer({ spec });
    const head = await server.inject({ method: 'HEAD', url: '/only-post' });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('POST');
  });

  it('answers an exact status rather than the range of its class by default', async () => {
    const server = await mockServer({ spec });
    const created = await server.inject({ method: 'POST', url: '/created', payload: {} });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ from: 'exact' });
    const teapot = await server.inject({ url: '/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ from: 'exact' });
  });

  it("answers a rejection with the document's text example rather than the mock's words", async () => {
    const server = await mockServer({ spec });
    const unauthorized = await server.inject({ url: '/secret' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.body).toBe('Unauthorized, says the document');
    expect(unauthorized.headers['x-mock-error']).toBeDefined();
    const bad = await server.inject({ url: '/secret?n=x', headers: { 'x-key': 'k' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('Bad request, says the document');
  });

  it('matches a Swagger 2.0 produces entry written in another letter case', async () => {
    const server = await mockServer({ spec: swagger });
    const response = await server.inject({ url: '/thing', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1 });
  });

  it('ignores a body sent to an operation that documents none', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject({ method: 'POST', url: '/no-body', payload: { unexpected: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ done: true });
    const text = await server.inject({ method: 'POST', url: '/no-body', payload: 'x', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(200);
  });

  it('carries optional properties in generated answers', async () => {
    const server = await mockServer({ spec, seed: 4 });
    for (let i = 0; i < 3; i += 1) {
      const response = await server.inject({ url: '/person', headers: { prefer: 'dynamic=true' } });
      expect(Object.keys(response.json()).sort()).toEqual(['age', 'name', 'nickname', 'tags']);
    }
  });
});
