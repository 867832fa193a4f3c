import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../index.js';
import { loadSpec } from '../load/load-spec.js';
import type { Finding } from '../problem.js';
import { createSecurityStage, parseBearer } from './security.js';
import { newExchange } from './session.js';

describe('the bearer scheme', () => {
  it('reads the token of the usual header and of its variants alike', () => {
    expect(parseBearer('Bearer abc-1.2_3~4+5/6==')).toEqual({ kind: 'token', token: 'abc-1.2_3~4+5/6==' });
    expect(parseBearer('  bEaReR \t abc  ')).toEqual({ kind: 'token', token: 'abc' });
    expect(parseBearer('Bearer  abc')).toEqual({ kind: 'token', token: 'abc' });
  });

  it('takes any non-empty token, spaces within included (the test key of generated SDKs)', () => {
    expect(parseBearer('Bearer My API Key')).toEqual({ kind: 'token', token: 'My API Key' });
    expect(parseBearer('bearer a"b')).toEqual({ kind: 'token', token: 'a"b' });
  });

  it('calls a missing token malformed, or with strict grammar a disallowed one, and leaves other schemes alone', () => {
    expect(parseBearer('Bearer ')).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Bearer a b', true)).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Bearer a"b', true)).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Bearer abc', true)).toEqual({ kind: 'token', token: 'abc' });
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

describe('an alternative mixing schemes Prism knows with schemes it does not', () => {
  const document = `openapi: 3.1.0
info: { title: mixed, version: '1' }
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
    apiKey: { type: apiKey, in: header, name: X-API-Key }
    clientCert: { type: mutualTLS }
    mutual: { type: http, scheme: mutual }
paths:
  /key-and-mutual:
    get:
      security: [{ apiKey: [], mutual: [] }]
      responses:
        '200': { description: ok }
        '401': { description: no credentials }
  /bearer-and-mutual:
    get:
      security: [{ bearerAuth: [], mutual: [] }]
      responses:
        '200': { description: ok }
        '401': { description: no credentials }
  /bearer-and-certificate:
    get:
      security: [{ bearerAuth: [], clientCert: [] }]
      responses:
        '200': { description: ok }
        '401': { description: no credentials }
`;
  const specFile = () => {
    const spec = join(mkdtempSync(join(tmpdir(), 'security-')), 'mixed.yaml');
    writeFileSync(spec, document);
    return spec;
  };

  it('is met when the known part passes Prism and the unknown part its own rule; missing either part, 401', async () => {
    const server = await createMockServer({ spec: specFile() });
    try {
      const get = async (headers: Record<string, string>) => (await server.inject({ url: '/key-and-mutual', headers })).statusCode;
      expect(await get({ 'x-api-key': 'k', authorization: 'Mutual sid=1, data=abc' })).toBe(200);
      expect(await get({ 'x-api-key': 'k' })).toBe(401);
      expect(await get({ authorization: 'Mutual sid=1, data=abc' })).toBe(401);
      expect(await get({ 'x-api-key': 'k', authorization: 'Basic Zm9vOmJhcg==' })).toBe(401);
      expect(await get({})).toBe(401);
      // One Authorization header carries one credential: two HTTP schemes at once are never both there.
      const both = async (authorization: string) =>
        (await server.inject({ url: '/bearer-and-mutual', headers: { authorization } })).statusCode;
      expect(await both('Bearer t')).toBe(401);
      expect(await both('Mutual sid=1, data=abc')).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('is met by a bearer token over a verified client certificate, and by neither alone', async () => {
    const operation = (await loadSpec(specFile())).operations.find((o) => o.path === '/bearer-and-certificate');
    const check = createSecurityStage(['good']);
    const findings = (authorization: string | undefined, certified: boolean) => {
      const headers = authorization === undefined ? {} : { authorization };
      const exchange = {
        ...newExchange('GET', '/bearer-and-certificate', {}, headers, undefined, certified ? 'CN=consumer' : undefined),
        operation,
      };
      return (check(exchange) as readonly Finding[]).map((finding) => finding.code);
    };
    expect(findings('Bearer good', true)).toEqual([]);
    expect(findings('Bearer other', true)).toEqual(['token-rejected']);
    expect(findings('Bearer good', false)).toEqual(['missing-credentials']);
    expect(findings(undefined, true)).toEqual(['missing-credentials']);
    expect(findings('Basic Zm9vOmJhcg==', true)).toEqual(['missing-credentials']);
  });
});
