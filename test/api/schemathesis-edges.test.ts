import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/schemathesis-edges.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };

describe('requests Schemathesis builds on fresh real documents', () => {
  it('judge format url as an absolute URI, as RFC 3986 writes one', async () => {
    const server = await mockServer({ spec });
    const post = (baseUrl: string) => server.inject({ method: 'POST', url: '/callouts', headers: json, payload: { baseUrl } });
    for (const url of ['https://***', 'https://www.example.com/callout', 'urn:example:callout-1'])
      expect((await post(url)).statusCode, url).toBe(201);
    for (const url of ['not a url at all', '/relative/callout']) expect((await post(url)).statusCode, url).toBe(400);
  });

  it('judge the int64 range of an integer in an XML body exactly, as in a JSON one', async () => {
    const server = await mockServer({ spec });
    const post = (type: string, payload: string) =>
      server.inject({ method: 'POST', url: '/team-members', headers: { 'content-type': type }, payload });
    const xml = (id: string) => `<TeamMember><role_id>1</role_id><user_id>${id}</user_id></TeamMember>`;
    for (const id of ['9223372036854775807', '-9223372036854775808', '5'])
      expect((await post('text/xml', xml(id))).statusCode, id).toBe(200);
    for (const id of ['9223372036854775808', '-9223372036854775809']) {
      expect((await post('text/xml', xml(id))).statusCode, id).toBe(400);
      expect((await post('application/json', `{"user_id":${id}}`)).statusCode, id).toBe(400);
    }
  });

  it('judge a JSON body of null, false, 0 or "" against its schema, which may take it', async () => {
    const server = await mockServer({ spec });
    const send = (method: 'POST' | 'PUT', payload: string) => server.inject({ method, url: '/jobs', headers: json, payload });
    expect((await send('POST', 'null')).statusCode).toBe(200);
    expect((await send('POST', '0')).statusCode).toBe(200);
    expect((await send('POST', '{"name":"a"}')).statusCode).toBe(400);
    for (const body of ['null', 'false', '0', '""']) {
      const rejected = await send('PUT', body);
      expect(rejected.statusCode, body).toBe(400);
      expect(rejected.json().message, body).toMatch(/must not be/);
    }
    expect((await server.inject({ method: 'POST', url: '/jobs', headers: json })).headers['x-mock-error']).toBe('BODY_REQUIRED');
  });

  it('judge a YAML body like JSON; take CSV and Smile, which it cannot read as the schema, as sent', async () => {
    const server = await mockServer({ spec });
    const post = (type: string, payload: string | Buffer) =>
      server.inject({ method: 'POST', url: '/team-members', headers: { 'content-type': type }, payload });
    expect((await post('application/x-yaml', 'user_id: 5\nrole_id: 1\n')).statusCode).toBe(200);
    const wrong = await post('application/x-yaml', 'user_id: abc\n');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['x-mock-findings']).toContain('user_id');
    expect((await post('application/x-yaml', 'user_id: [1\n')).statusCode).toBe(400);
    expect((await post('application/x-yaml', 'user_id: 9223372036854775808\n')).statusCode).toBe(400);
    expect((await post('text/csv', 'user_id,role_id\n5,1\n')).statusCode).toBe(200);
    expect((await post('application/x-json-smile', Buffer.from([0x3a, 0x29, 0x0a, 0xfa, 0xfb]))).statusCode).toBe(200);
  });
});
