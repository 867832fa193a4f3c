import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

const spec = fileURLToPath(new URL('./fixtures/ignored-header-parameters.yaml', import.meta.url));

// OpenAPI 3: header parameters named Accept, Content-Type or Authorization "SHALL be ignored".
describe('header parameters OpenAPI 3 says to ignore', () => {
  closeServersAfterEach();

  it('neither requires nor checks Accept and Content-Type parameters, nor checks Authorization', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const answer = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json', 'x-trace': 't1', authorization: 'anything' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(200);
  });

  // NPR's station finder: a required Authorization parameter and no security scheme. Its service answers
  // 401 without credentials; the parameter reads as an API key in that header, any value passing.
  it('answers 401 with a challenge when a required Authorization parameter is missing', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const answer = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json', 'x-trace': 't1' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="plantstore-mock"');
    expect(answer.json().message).toContain('Authorization: Bearer <token>');
  });

  it('leaves an optional Authorization parameter ignored', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject({ method: 'GET', url: '/things/7' })).statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/things/7', headers: { authorization: 'x' } })).statusCode).toBe(200);
  });

  // The decision (docs/openapi-support.md): a required Accept parameter is not required, nor is the
  // Accept sent judged against its schema, --strict-accept or not: no Accept means any type (RFC 9110).
  it.each([false, true])('answers a request without Accept or with another one (strictAccept %s)', async (strictAccept) => {
    const server = await mockServer({ spec, logLevel: 'silent', strictAccept });
    const headers = { 'content-type': 'application/json', 'x-trace': 't1', authorization: 'Token t' };
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
    const answer = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json', authorization: 'Token t' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('header.X-Trace');
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
    const answer = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': '', 'x-trace': 't1', authorization: 'Token t' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(415);
  });
});

// Swagger 2.0 does not ignore an Authorization parameter, but one required without a security scheme is
// a credential all the same: 401 in the document's 401 shape, its challenge the scheme its description names.
describe('a required Authorization parameter in Swagger 2.0', () => {
  closeServersAfterEach();
  const swagger2 = fileURLToPath(new URL('./fixtures/authorization-parameter-swagger2.yaml', import.meta.url));

  it('answers 401 without it and 200 with any value', async () => {
    const server = await mockServer({ spec: swagger2, logLevel: 'silent' });
    const missing = await server.inject({ method: 'GET', url: '/stations' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Token realm="plantstore-mock"');
    expect(missing.json()).toEqual({ message: expect.stringContaining('Authorization: Token <token>') });
    expect((await server.inject({ method: 'GET', url: '/stations', headers: { authorization: 'Token t' } })).statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/stations', headers: { authorization: 'x' } })).statusCode).toBe(200);
  });

  // Without --token any value passes, as any bearer token does; with it, the value is held to the list:
  // the whole value, or what follows the parameter's scheme (its example's or description's word).
  it('holds the value to --token: after the scheme word, or whole', async () => {
    const server = await mockServer({ spec: swagger2, logLevel: 'silent', tokens: ['t', 'My Key'] });
    const status = async (authorization: string) =>
      (await server.inject({ method: 'GET', url: '/stations', headers: { authorization } })).statusCode;
    expect(await status('Token t')).toBe(200);
    expect(await status('token  My Key')).toBe(200);
    expect(await status('t')).toBe(200);
    const rejected = await server.inject({ method: 'GET', url: '/stations', headers: { authorization: 'Token other' } });
    expect(rejected.statusCode).toBe(401);
    // RFC 6750's error="invalid_token" belongs to Bearer: another scheme's challenge is its name and realm.
    expect(rejected.headers['www-authenticate']).toBe('Token realm="plantstore-mock"');
    expect(await status('Bearer t')).toBe(401);
    expect(await status('other')).toBe(401);
    expect((await server.inject({ method: 'GET', url: '/stations' })).statusCode).toBe(401);
  });

  // A client's value is split in linear time: a regular expression took a second for 16 KiB of spaces.
  it('judges a long value with a run of spaces at once', async () => {
    const server = await mockServer({ spec: swagger2, logLevel: 'silent', tokens: ['t'], maxHeaderSize: 1024 * 1024 });
    const authorization = `Token a${' '.repeat(60_000)}b`;
    const started = performance.now();
    const answer = await server.inject({ method: 'GET', url: '/stations', headers: { authorization } });
    expect(answer.statusCode).toBe(401);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('leaves an optional one optional', async () => {
    const server = await mockServer({ spec: swagger2, logLevel: 'silent' });
    expect((await server.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
  });
});
