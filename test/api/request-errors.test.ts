import { describe, expect, it } from 'vitest';
import { contractErrors } from '../support/contract.js';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

function expectError(response: { statusCode: number; json(): unknown; headers: Record<string, unknown> }, status: number, error: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(contractErrors('Error', body)).toBeUndefined();
  expect(body).toMatchObject({ error });
  return body as { error: number; message: string };
}

describe('invalid bodies', () => {
  it('names every offending field in the message and lists all findings in a header', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": "seven", "tag": 5}');
    const body = expectError(response, 400, 40001);
    expect(body.message).toContain('body.id must be integer');
    expect(body.message).toContain('body.name is required');
    expect(body.message).toContain('body.tag must be string');
    const findings = JSON.parse(String(response.headers['x-mock-findings']));
    expect(findings.map((f: { path: string[] }) => f.path.join('.')).sort()).toEqual(['id', 'name', 'tag']);
    expect(response.headers['x-mock-error']).toBe('INVALID_REQUEST');
  });

  it.each([
    ['malformed JSON', '{"id": 1,', 40002],
    ['duplicate keys', '{"id": 1, "id": 2, "name": "x"}', 40002],
    ['an empty body', '', 40003],
    ['a whitespace-only body', '   ', 40003],
    ['an array', '[{"id": 1, "name": "x"}]', 40001],
    ['a bare string', '"plant"', 40001],
    ['null', 'null', 40001],
  ])('answers an Error for %s', async (_label, payload, error) => {
    const server = await mockServer();
    expectError(await postPlant(server, payload), 400, error);
  });

  it('answers an Error when no body is sent at all', async () => {
    const server = await mockServer();
    const response = await server.inject({ method: 'POST', url: '/plants', headers: AUTH });
    expectError(response, 400, 40003);
    expect(response.json().message).toBe('Request body is required: send application/json');
  });

  it('answers an Error for a body that is not UTF-8', async () => {
    const server = await mockServer();
    const response = await server.inject({
      method: 'POST',
      url: '/plants',
      headers: JSON_BODY,
      payload: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expectError(response, 400, 40004);
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'id=1&name=x'],
    ['application/xml', '<plant/>'],
  ])('answers 415 for Content-Type %s', async (contentType, payload) => {
    const server = await mockServer();
    const body = expectError(await postPlant(server, payload, { ...AUTH, 'content-type': contentType }), 415, 41501);
    expect(body.message).toContain('application/json');
  });

  it('answers 415 for a body without Content-Type', async () => {
    const server = await mockServer();
    const response = await server.inject({ method: 'POST', url: '/plants', headers: AUTH, payload: Buffer.from('{"id":1,"name":"x"}') });
    expectError(response, 415, 41501);
  });

  it('answers 413 for a body over the limit', async () => {
    const server = await mockServer({ bodyLimit: 100 });
    const body = expectError(await postPlant(server, JSON.stringify({ id: 1, name: 'x'.repeat(200) })), 413, 41301);
    expect(body.message).toContain('100 bytes');
  });

  it('keeps __proto__ in a body an ordinary key that reaches no prototype', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": 1, "name": "x", "__proto__": {"polluted": true}}');
    expect(response.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('unknown paths and methods', () => {
  it('answers 404 with an Error body for a path the document does not have', async () => {
    const server = await mockServer();
    const body = expectError(await server.inject({ method: 'GET', url: '/pets', headers: AUTH }), 404, 40401);
    expect(body.message).toBe('No operation matches GET /pets');
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'QUERY', 'TRACE', 'PROPFIND', 'SEARCH'])(
    'answers 405 with Allow: POST for %s /plants',
    async (method) => {
      const server = await mockServer();
      const response = await server.inject({ method: method as 'GET', url: '/plants', headers: AUTH });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      if (method !== 'HEAD') expectError(response, 405, 40501);
    },
  );

  it('answers 404 for an unknown path under /__mock/', async () => {
    const server = await mockServer();
    expectError(await server.inject('/__mock/nothing-here'), 404, 40401);
  });
});
