import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/real-document-requests.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };

describe('requests of real public documents', () => {
  it('read and validate the body of a GET that documents one', async () => {
    const server = await mockServer({ spec });
    const url = '/servers/main/waitStatistics';
    const valid = await server.inject({ method: 'GET', url, headers: json, payload: '{"from":"2024-05-01T10:00:00Z"}' });
    expect(valid.statusCode).toBe(200);
    const invalid = await server.inject({ method: 'GET', url, headers: json, payload: '{"from":"yesterday"}' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('from');
    expect((await server.inject({ method: 'GET', url })).statusCode).toBe(400);
  });

  it('accept a body of a media type it cannot read into the schema, and still require one', async () => {
    const server = await mockServer({ spec });
    const message = 'From: fern@example.com\r\nSubject: hello\r\n\r\nbody';
    const sent = await server.inject({ method: 'POST', url: '/drafts', headers: { 'content-type': 'message/rfc822' }, payload: message });
    expect(sent.statusCode).toBe(200);
    expect((await server.inject({ method: 'POST', url: '/drafts', headers: json, payload: '[1]' })).statusCode).toBe(400);
    expect((await server.inject({ method: 'POST', url: '/drafts', headers: { 'content-type': 'message/rfc822' } })).statusCode).toBe(400);
  });
});
