import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../index.js';
import { parseBearer } from './security.js';

describe('the bearer scheme', () => {
  it('reads the token of the usual header and of its variants alike', () => {
    expect(parseBearer('Bearer abc-1.2_3~4+5/6==')).toEqual({ kind: 'token', token: 'abc-1.2_3~4+5/6==' });
    expect(parseBearer('  bEaReR \t abc  ')).toEqual({ kind: 'token', token: 'abc' });
    expect(parseBearer('Bearer  abc')).toEqual({ kind: 'token', token: 'abc' });
  });

  it('calls a missing or disallowed token malformed, and leaves other schemes alone', () => {
    expect(parseBearer('Bearer ')).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Bearer a b')).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Bearer a"b')).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Basic YWxhZGRpbjpvcGVuc2VzYW1l')).toBeUndefined();
    expect(parseBearer(undefined)).toBeUndefined();
  });
});

describe('a requirement the mock has no check for', () => {
  const document = `openapi: 3.1.0
info: { title: mutual, version: '1' }
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
    clientCert: { type: mutualTLS }
    mutual: { type: http, scheme: mutual }
security: [{ bearerAuth: [] }, { clientCert: [] }]
paths:
  /secrets:
    get:
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '401': { description: no credentials }
  /tokens:
    post:
      security: [{ mutual: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '401': { description: no credentials }
`;

  it('is never met by a request without credentials (mutualTLS needs a verified certificate)', async () => {
    const spec = join(mkdtempSync(join(tmpdir(), 'security-')), 'mutual.yaml');
    writeFileSync(spec, document);
    const server = await createMockServer({ spec, tokens: ['good'] });
    try {
      const get = (headers: Record<string, string>) => server.inject({ url: '/secrets', headers });
      expect((await get({})).statusCode).toBe(401);
      expect((await get({ authorization: 'Basic Zm9vOmJhcg==' })).statusCode).toBe(401);
      expect((await get({ authorization: 'Bearer wrong' })).statusCode).toBe(401);
      expect((await get({ authorization: 'Bearer good' })).statusCode).toBe(200);
      const post = (headers: Record<string, string>) => server.inject({ method: 'POST', url: '/tokens', headers });
      expect((await post({ authorization: 'Mutual sid=1, data=abc' })).statusCode).toBe(200);
      expect((await post({})).statusCode).toBe(401);
    } finally {
      await server.close();
    }
  });
});
