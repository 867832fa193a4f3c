import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

const spec = fileURLToPath(new URL('./fixtures/ignored-header-parameters.yaml', import.meta.url));

// OpenAPI 3: header parameters named Accept, Content-Type or Authorization "SHALL be ignored".
describe('header parameters OpenAPI 3 says to ignore', () => {
  closeServersAfterEach();

  it('neither requires nor checks Accept, Content-Type and Authorization parameters', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const answer = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json', 'x-trace': 't1' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(200);
  });

  // The decision (docs/openapi-support.md): a required Accept parameter is not required, nor is the
  // Accept sent judged against its schema, --strict-accept or not: no Accept means any type (RFC 9110).
  it.each([false, true])('answers a request without Accept or with another one (strictAccept %s)', async (strictAccept) => {
    const server = await mockServer({ spec, logLevel: 'silent', strictAccept });
    const headers = { 'content-type': 'application/json', 'x-trace': 't1' };
    for (const accept of [undefined, 'application/json', '*/*', 'text/html']) {
      const answer = await server.inject({
        method: 'POST',
        url: '/things',
        headers: accept === undefined ? headers : { ...headers, accept },
        payload: '{}',
      });
      expect(answer.statusCode, accept).toBe(200);
      expect(answer.headers['content-type'], accept).toMatch(/^application\/json/);
    }
  });

  it('still requires the other header parameters', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const answer = await server.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('x-trace');
  });

  // Schemathesis sends `Content-Type:` empty to operations that take no body; Fastify alone answered 415.
  it.each([
    ['GET', ''],
    ['DELETE', ''],
    ['GET', 'nonsense'],
    ['DELETE', 'application/json'],
  ])('does not read the Content-Type of a %s without a body (%j)', async (method, type) => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const answer = await server.inject({ method: method as 'GET', url: '/things/7', headers: { 'content-type': type } });
    expect(answer.statusCode).toBe(200);
  });

  it('still answers 415 to an empty Content-Type on a body', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const answer = await server.inject({ method: 'POST', url: '/things', headers: { 'content-type': '', 'x-trace': 't1' }, payload: '{}' });
    expect(answer.statusCode).toBe(415);
  });
});
