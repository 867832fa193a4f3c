import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();

const GROWN = 'test/fixtures/plantstore-crud.yaml';
const as = (session: string) => ({ ...JSON_BODY, 'x-mock-session': session });

async function grownStore() {
  const server = await mockServer({ spec: GROWN, stateful: true, seed: 1 });
  const call = (session: string, method: string, url: string, body?: unknown) =>
    server.inject({ method: method as 'GET', url, headers: as(session), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  return { server, call };
}

describe('the grown Plant Store with --stateful', () => {
  it('reads back, lists, filters, limits, replaces and deletes what a session created', async () => {
    const { call } = await grownStore();
    expect((await call('s', 'POST', '/plants', { id: 42, name: 'Ficus', tag: 'tree' })).json()).toEqual({ name: 'Ficus', tag: 'tree' });
    await call('s', 'POST', '/plants', { id: 7, name: 'Aloe', tag: 'succulent' });
    await call('s', 'POST', '/plants', { id: 8, name: 'Olive', tag: 'tree' });

    const read = await call('s', 'GET', '/plants/42');
    expect([read.statusCode, read.json()]).toEqual([200, { name: 'Ficus', tag: 'tree' }]);
    expect((await call('s', 'GET', '/plants')).json().map((p: { name: string }) => p.name)).toEqual(['Ficus', 'Aloe', 'Olive']);
    expect((await call('s', 'GET', '/plants?tags=tree')).json()).toEqual([
      { name: 'Ficus', tag: 'tree' },
      { name: 'Olive', tag: 'tree' },
    ]);
    expect((await call('s', 'GET', '/plants?tags=tree&tags=succulent&limit=2')).json()).toHaveLength(2);

    const replaced = await call('s', 'PUT', '/plants/42', { name: 'Ficus lyrata' });
    expect([replaced.statusCode, replaced.json()]).toEqual([200, { name: 'Ficus lyrata' }]);
    expect((await call('s', 'GET', '/plants/42')).json()).toEqual({ name: 'Ficus lyrata' });

    expect((await call('s', 'DELETE', '/plants/42')).statusCode).toBe(204);
    const gone = await call('s', 'GET', '/plants/42');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 40402, message: 'No plant with id 42 in this session' });
  });

  it('answers the documented error for replacing or deleting a plant that does not exist', async () => {
    const { call } = await grownStore();
    expect((await call('s', 'PUT', '/plants/9', { name: 'Fern' })).statusCode).toBe(404);
    expect((await call('s', 'DELETE', '/plants/9')).json()).toMatchObject({ error: 40402 });
  });

  it('keeps sessions apart', async () => {
    const { call } = await grownStore();
    await call('a', 'POST', '/plants', { id: 1, name: 'Fern' });
    expect((await call('b', 'GET', '/plants/1')).statusCode).toBe(404);
    expect((await call('b', 'GET', '/plants')).json()).toEqual([]);
    expect((await call('a', 'GET', '/plants')).json()).toEqual([{ name: 'Fern' }]);
  });

  it('still validates replace bodies against the request schema', async () => {
    const { call } = await grownStore();
    await call('s', 'POST', '/plants', { id: 1, name: 'Fern' });
    const bad = await call('s', 'PUT', '/plants/1', { name: 3 });
    expect(bad.statusCode).toBe(400);
    expect((await call('s', 'GET', '/plants/1')).json()).toEqual({ name: 'Fern' });
  });
});

describe('the bundled Plant Store with --stateful', () => {
  it('answers the document`s 400 DUPLICATE_ID for the same id twice in a session, and accepts it in another', async () => {
    const server = await mockServer({ stateful: true });
    const create = (session: string) =>
      server.inject({ method: 'POST', url: '/plants', headers: as(session), payload: '{"id": 42, "name": "Ficus"}' });
    expect((await create('one')).statusCode).toBe(200);
    const again = await create('one');
    expect([again.statusCode, again.json()]).toEqual([400, { error: 40009, message: 'A plant with id 42 already exists' }]);
    expect(again.headers['x-mock-error']).toBe('DUPLICATE_ID');
    expect((await create('two')).statusCode).toBe(200);
    const state = await server.inject({ method: 'GET', url: '/__mock/state?session=one' });
    expect(state.json()).toEqual({ session: 'one', stateful: true, collections: { '/plants': [{ id: 42, name: 'Ficus' }] } });
  });

  it('keeps ids beyond 2^53 exact', async () => {
    const server = await mockServer({ stateful: true });
    const body = '{"id": 9223372036854775807, "name": "Ficus"}';
    await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: body });
    expect((await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: body })).json().message).toBe(
      'A plant with id 9223372036854775807 already exists',
    );
    expect((await server.inject({ method: 'GET', url: '/__mock/state' })).body).toContain('"id":9223372036854775807');
  });
});
