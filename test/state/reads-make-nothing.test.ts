import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();

const NESTED = 'test/fixtures/state/nested-children.yaml';
const SEEDS = 'test/fixtures/state/plants.yaml';
const as = (session: string) => ({ ...JSON_BODY, 'x-mock-session': session });
const get = (server: MockServer, session: string, url: string) => server.inject({ method: 'GET', url, headers: as(session) });

describe('a read of the stateful simulator makes no state', () => {
  it('reading collections nobody wrote to leaves none behind: they appear on their first write', async () => {
    const server = await mockServer({ spec: NESTED, stateful: true });
    for (let thing = 1; thing <= 200; thing++) {
      expect((await get(server, 's', `/things/${thing}/children`)).json()).toEqual([]);
      expect((await get(server, 's', `/things/${thing}/children/1`)).statusCode).toBe(404);
    }
    const view = async () => (await server.inject('/__mock/state?session=s')).json().collections;
    expect(await view()).toEqual({ '/things': [] });
    const created = await server.inject({ method: 'POST', url: '/things/7/children', headers: as('s'), payload: '{"name":"Kid"}' });
    expect(created.statusCode).toBe(201);
    expect(await view()).toEqual({ '/things': [], '/things/7/children': [{ id: 1, name: 'Kid' }] });
  });

  it('a session that only reads is answered from the seeds, and its first write starts from them', async () => {
    const server = await mockServer({ spec: 'test/fixtures/plantstore-crud.yaml', stateful: true, data: SEEDS });
    expect((await get(server, 'r', '/plants/1')).statusCode).toBe(200);
    expect((await get(server, 'r', '/plants/9')).statusCode).toBe(404);
    expect((await get(server, 'r', '/plants')).json()).toHaveLength(2);
    const created = await server.inject({ method: 'POST', url: '/plants', headers: as('r'), payload: '{"id":9,"name":"Ivy"}' });
    expect(created.statusCode).toBe(200);
    expect((await get(server, 'r', '/plants')).json()).toHaveLength(3);
    expect((await get(server, 'other', '/plants')).json()).toHaveLength(2);
  });
});
