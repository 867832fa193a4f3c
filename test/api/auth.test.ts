import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

const valid = '{"id": 1, "name": "Aloe vera"}';
const json = { 'content-type': 'application/json' };

describe('bearer authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer without a token', { authorization: 'Bearer' }],
    ['Bearer with only spaces', { authorization: 'Bearer    ' }],
  ])('answers 401 with an RFC 6750 challenge for %s', async (_label, headers: Record<string, string>) => {
    const server = await mockServer();
    const response = await postPlant(server, valid, { ...json, ...headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="plantstore-mock"/);
    expect(response.json()).toEqual({ error: 40101, message: expect.stringContaining('Authentication required') });
  });

  it('sends no error code in the challenge when no credentials were sent (RFC 6750 §3.1)', async () => {
    const server = await mockServer();
    const response = await postPlant(server, valid, json);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="plantstore-mock"');
  });

  it('says invalid_request when the credentials are malformed', async () => {
    const server = await mockServer();
    const response = await postPlant(server, valid, { ...json, authorization: 'Bearer' });
    expect(response.headers['www-authenticate']).toContain('error="invalid_request"');
  });

  it.each(['bearer abc', 'BEARER abc', 'Bearer abc', 'Bearer  abc.def-ghi_~+/==', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig'])(
    'accepts %s (the scheme is case-insensitive)',
    async (authorization) => {
      const server = await mockServer();
      const response = await postPlant(server, valid, { ...json, authorization });
      expect(response.statusCode).toBe(200);
    },
  );

  it('accepts the test key of generated SDKs, a token with spaces (`Bearer My API Key`)', async () => {
    const server = await mockServer();
    for (const authorization of ['Bearer My API Key', 'Bearer two words', 'Bearer a"b,c']) {
      expect((await postPlant(server, valid, { ...json, authorization })).statusCode, authorization).toBe(200);
    }
  });

  it('holds tokens to RFC 6750 grammar with --strict-auth', async () => {
    const server = await mockServer({ strictAuth: true });
    const spaced = await postPlant(server, valid, { ...json, authorization: 'Bearer My API Key' });
    expect(spaced.statusCode).toBe(401);
    expect(spaced.headers['www-authenticate']).toContain('error="invalid_request"');
    expect((await postPlant(server, valid, { ...json, authorization: 'Bearer abc.def' })).statusCode).toBe(200);
  });

  it('checks credentials before the body', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{not json', json);
    expect(response.statusCode).toBe(401);
  });

  it('checks credentials before the content type', async () => {
    const server = await mockServer();
    const response = await postPlant(server, 'hello', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(401);
  });

  describe('with accepted tokens', () => {
    it('accepts a listed token', async () => {
      const server = await mockServer({ tokens: ['alpha', 'beta'] });
      const response = await postPlant(server, valid, { ...json, authorization: 'Bearer beta' });
      expect(response.statusCode).toBe(200);
    });

    it('takes any token a client can send, spaces included', async () => {
      const server = await mockServer({ tokens: ['My API Key'] });
      expect((await postPlant(server, valid, { ...json, authorization: 'Bearer My API Key' })).statusCode).toBe(200);
      expect((await postPlant(server, valid, { ...json, authorization: 'Bearer My' })).statusCode).toBe(401);
    });

    it('rejects an unlisted token with invalid_token', async () => {
      const server = await mockServer({ tokens: ['alpha'] });
      const response = await postPlant(server, valid, { ...json, authorization: 'Bearer gamma' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 40102, message: 'The bearer token is not accepted by this server' });
      expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    });
  });

  it('does not ask for credentials on the health check', async () => {
    const server = await mockServer({ tokens: ['alpha'] });
    expect((await server.inject('/__mock/health')).statusCode).toBe(200);
  });
});
