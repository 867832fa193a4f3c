import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const ITEMS = fileURLToPath(new URL('./fixtures/items.yaml', import.meta.url));
const CRUD = fileURLToPath(new URL('../fixtures/plantstore-crud.yaml', import.meta.url));
const json = { 'content-type': 'application/json' };

describe('an unparsable Content-Type', () => {
  // An operation that takes no body has no media type to judge: Schemathesis sends `Content-Type:` on GETs.
  it.each(['a/b/c', '/', 'text plain'])('answers %s 415 from the catalogue with a body, and reads none without', async (contentType) => {
    const server = await mockServer({ spec: CRUD, stateful: true });
    const auth = { authorization: 'Bearer t', 'content-type': contentType };
    for (const method of ['GET', 'POST'] as const) {
      const withBody = await server.inject({ method, url: '/plants', headers: auth, payload: '{}' });
      expect(withBody.statusCode).toBe(415);
      expect(withBody.json().error).toBe(41501);
    }
    expect((await server.inject({ method: 'GET', url: '/plants', headers: auth })).statusCode).toBe(200);
    const post = await server.inject({ method: 'POST', url: '/plants', headers: auth });
    expect(post.statusCode, 'an operation that takes a body judges its media type').toBe(415);
    expect(post.json().error).toBe(41501);
  });
});

describe('prototype-safe state', () => {
  it('keeps __proto__ in a merge patch an ordinary key, which list filters never read', async () => {
    const server = await mockServer({ spec: ITEMS, stateful: true });
    await server.inject({ method: 'POST', url: '/items', headers: json, payload: '{"id": 1, "name": "real"}' });
    const patch = await server.inject({
      method: 'PATCH',
      url: '/items/1',
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: '{"__proto__": {"name": "ghost"}, "constructor": {"prototype": {"name": "ghost"}}}',
    });
    expect(patch.statusCode).toBe(200);
    expect((await server.inject('/items?name=ghost')).json()).toEqual([]);
    expect((await server.inject('/items?name=real')).json()).toHaveLength(1);
    expect(({} as Record<string, unknown>).name).toBeUndefined();
    expect((await server.inject('/__mock/state')).body).toContain('"__proto__":{"name":"ghost"}');
  });
});

describe('big numbers cost little', () => {
  const digits = '9'.repeat(1_000_000);

  it('rejects an integer of a million digits where the schema gives int64', async () => {
    const server = await mockServer({ spec: ITEMS, stateful: true });
    const response = await server.inject({ method: 'POST', url: '/items', headers: json, payload: `{"id": 2, "stock": ${digits}}` });
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(2000);
  });

  it('stores it as its text where the schema gives no format, and reads it back in milliseconds', async () => {
    const server = await mockServer({ spec: ITEMS, stateful: true });
    const created = await server.inject({ method: 'POST', url: '/items', headers: json, payload: `{"id": 3, "count": ${digits}}` });
    expect(created.statusCode).toBe(201);
    const started = performance.now();
    for (let i = 0; i < 5; i++) {
      const state = await server.inject('/__mock/state');
      expect(state.body).toContain(`"count":${digits}`);
    }
    // As a bigint, a million digits took over half a second to write on each read; as text, a copy.
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await server.inject('/items/3')).body).toContain(digits);
  });
});
