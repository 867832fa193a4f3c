import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('../fixtures/openapi-32.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };

describe('OpenAPI 3.2 documents', () => {
  it('route a QUERY operation with its body like a POST, and validate the body', async () => {
    const server = await mockServer({ spec });
    const found = await server.inject({ method: 'QUERY', url: '/plants/search', headers: json, payload: '{"name":"fern"}' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([{ id: 1, name: 'Fern' }]);
    const wrong = await server.inject({ method: 'QUERY', url: '/plants/search', headers: json, payload: '{"colour":"green"}' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('colour');
  });

  it('answer a custom method of additionalOperations, and list it in Allow', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ method: 'PURGE', url: '/plants/search' })).statusCode).toBe(204);
    const other = await server.inject({ method: 'DELETE', url: '/plants/search' });
    expect(other.statusCode).toBe(405);
    expect(other.headers.allow).toBe('PURGE, QUERY');
  });

  it('validate a form-encoded querystring parameter as one value', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/plants?limit=10&name=fern' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/plants' })).statusCode).toBe(200);
    const bad = await server.inject({ url: '/plants?limit=ten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('filter');
    expect((await server.inject({ url: '/plants?colour=green' })).statusCode).toBe(400);
  });

  it('validate a JSON querystring parameter, required', async () => {
    const server = await mockServer({ spec });
    const ok = encodeURIComponent('{"ids":[1,2]}');
    expect((await server.inject({ url: `/plants/by-json?${ok}` })).statusCode).toBe(200);
    expect((await server.inject({ url: '/plants/by-json' })).statusCode).toBe(400);
    expect((await server.inject({ url: `/plants/by-json?${encodeURIComponent('{"ids":["a"]}')}` })).statusCode).toBe(400);
    expect((await server.inject({ url: '/plants/by-json?not-json' })).statusCode).toBe(400);
  });

  it('keep itemSchema on the loaded operation, and ignore $self and the new tag fields', async () => {
    const server = await mockServer({ spec });
    const events = await server.inject({ url: '/events' });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toContain('text/event-stream');
  });
});
