import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/records-by-id.yaml', import.meta.url).pathname;

interface Thing {
  readonly id: number;
  readonly name: string;
  readonly size: number;
}

const get = async (server: MockServer, url: string) => (await server.inject({ url })).json();

describe('generated records are seeded by their identifier', () => {
  it('answers the same record in a list and in its detail (static answers)', async () => {
    const server = await mockServer({ spec });
    const [listed] = (await get(server, '/things')) as Thing[];
    expect(listed).toBeDefined();
    expect(await get(server, `/things/${listed?.id}`)).toEqual(listed);
    // Another identifier, another record; the same one again, the same record.
    const other = await get(server, '/things/424242');
    expect(other.id).toBe(424242);
    expect(other).not.toEqual({ ...listed, id: 424242 });
    expect(await get(server, '/things/424242')).toEqual(other);
  });

  it('answers the same records across requests and servers with the same seed (generated answers)', async () => {
    const one = await mockServer({ spec, seed: 7, dynamic: true });
    const two = await mockServer({ spec, seed: 7, dynamic: true });
    const list = (await get(one, '/things')) as Thing[];
    expect(list.length).toBeGreaterThan(0);
    for (const thing of list) {
      expect(await get(one, `/things/${thing.id}`)).toEqual(thing);
      expect(await get(two, `/things/${thing.id}`)).toEqual(thing);
    }
    expect(await get(one, '/things/5')).toEqual(await get(two, '/things/5'));
    expect(await get(one, '/things/5')).toEqual(await get(one, '/things/5'));
    // A request's own seed seeds its records too.
    const seeded = (await one.inject({ url: '/things/5', headers: { prefer: 'seed=3' } })).json();
    expect((await two.inject({ url: '/things/5', headers: { prefer: 'seed=3' } })).json()).toEqual(seeded);
  });

  it('seeds the records a top-level property lists', async () => {
    const server = await mockServer({ spec, seed: 1, dynamic: true });
    const page = await get(server, '/pages');
    expect(page.data.length).toBeGreaterThanOrEqual(3);
    for (const thing of page.data as Thing[]) expect(await get(server, `/things/${thing.id}`)).toEqual(thing);
  });

  it('leaves --stateful precedence: a stored record answers its detail', async () => {
    const server = await mockServer({ spec, stateful: true });
    const created = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: { id: 9, name: 'kept', size: 1 },
    });
    expect(created.statusCode).toBe(201);
    expect(await get(server, '/things/9')).toEqual({ id: 9, name: 'kept', size: 1 });
  });
});
