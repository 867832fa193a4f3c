/**
 * The stateful simulator's records in a real Redis, one atomic script per create, read, update and
 * delete (src/store/records-lua.ts): exact across replicas, within --max-resources and the byte
 * budgets, seeded from --data once, and consistent with requests that hold the whole session.
 */
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { createAndDeleteUnderNewParents, NESTED, putEmptyCollections, SMALL_BUDGET } from '../support/empty-collections.js';
import { canRun, STORE_SERVER } from '../support/infrastructure.js';
import { serverWith } from '../support/scenarios.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';
import { CRUD_SCENARIO, callAs, chooseScenario, storeServerForTests } from '../support/store-server.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/plantstore-crud.yaml';
const SEEDS = 'test/fixtures/state/plants.yaml';
// Its pets get their ids from the mock.
const PETS = 'test/corpus/documents/oai-petstore-expanded.yaml';
const call = callAs;
const names = async (server: MockServer, session: string) =>
  ((await call(server, session, 'GET', '/plants?limit=1000')).json() as { name: string }[]).map((plant) => plant.name);

describe.runIf(canRun(STORE_SERVER))('--stateful records in the store, one atomic call each', () => {
  const store = storeServerForTests();

  it('two replicas creating in one session at once lose nothing and never pass --max-resources', async () => {
    const options = { spec: PETS, stateful: true, store: store.url, storePrefix: 'exact', maxResources: 40 };
    const [a, b] = [await mockServer(options), await mockServer(options)] as [MockServer, MockServer];
    const create = (i: number) => call(i % 2 === 0 ? a : b, 'race', 'POST', '/pets', { name: `Pet ${i}` });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => create(i)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(40);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().error)).toEqual(Array(60).fill(50701));
    const listed = (await call(b, 'race', 'GET', '/pets?limit=1000')).json() as { id: number }[];
    expect(listed).toHaveLength(40);
    // Each assigned id given once: 1 to 40.
    const ids = listed.map((pet) => pet.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // Room made through one replica is taken through the other, to the count again.
    for (const id of ids.slice(0, 3)) expect((await call(a, 'race', 'DELETE', `/pets/${id}`)).statusCode).toBe(204);
    const more = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i % 2 ? a : b, 'race', 'POST', '/pets', { name: 'x' })));
    expect(more.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 507, 507, 507]);
  });

  it('a session starts from the --data seeds once, on whichever replica; a reset brings them back', async () => {
    const options = { spec: SPEC, stateful: true, data: SEEDS, store: store.url, storePrefix: 'seeded' };
    const [a, b] = [await mockServer(options), await mockServer(options)] as [MockServer, MockServer];
    const created = await Promise.all([
      call(a, 's', 'POST', '/plants', { id: 10, name: 'Aloe' }),
      call(b, 's', 'POST', '/plants', { id: 11, name: 'Ivy' }),
    ]);
    expect(created.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await names(b, 's')).slice(0, 2)).toEqual(['Monstera deliciosa', 'Boston fern']);
    expect(await names(a, 's')).toHaveLength(4);
    expect((await call(b, 's', 'DELETE', '/plants/2')).statusCode).toBe(204);
    expect((await call(a, 's', 'GET', '/plants/2')).statusCode).toBe(404);
    const reset = await a.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: { 'content-type': 'application/json' },
      payload: { session: 's' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    expect(await names(b, 's')).toEqual(['Monstera deliciosa', 'Boston fern']);
    expect(await names(a, 'other')).toEqual(['Monstera deliciosa', 'Boston fern']);
  });

  it('reads through any replica, the session held or not, make no collection and seed nothing in the store', async () => {
    const options = { spec: 'test/fixtures/state/nested-children.yaml', stateful: true, store: store.url, storePrefix: 'reads' };
    const [a, b] = [await serverWith(CRUD_SCENARIO, options), await serverWith(CRUD_SCENARIO, options)];
    const seeded = await mockServer({ spec: SPEC, stateful: true, data: SEEDS, store: store.url, storePrefix: 'reads-seeded' });
    const redis = new Redis(store.url);
    try {
      expect(await chooseScenario(a, 'held', 'crud')).toBe(200);
      for (let thing = 1; thing <= 30; thing++)
        for (const session of ['held', 'loose']) {
          const server = thing % 2 === 0 ? a : b;
          expect((await call(server, session, 'GET', `/things/${thing}/children`)).json()).toEqual([]);
          expect((await call(server, session, 'GET', `/things/${thing}/children/1`)).statusCode).toBe(404);
        }
      for (const session of ['held', 'loose'])
        expect((await b.inject(`/__mock/state?session=${session}`)).json().collections).toEqual({ '/things': [] });
      expect(await redis.keys('reads:rec:*')).toEqual([]);
      // A session of a mock with --data seeds that only reads is answered from them, the store left alone.
      expect(await names(seeded, 'reader')).toEqual(['Monstera deliciosa', 'Boston fern']);
      expect((await call(seeded, 'reader', 'GET', '/plants/2')).json()).toMatchObject({ name: 'Boston fern' });
      // (Its contract coverage counts go to the store in batches, as every named session's do.)
      const written = await redis.keys('reads-seeded:*reader*');
      expect(written.filter((key) => !key.startsWith('reads-seeded:cov:'))).toEqual([]);
      expect((await call(a, 'held', 'POST', '/things/4/children', { name: 'Kid' })).statusCode).toBe(201);
      expect((await b.inject('/__mock/state?session=held')).json().collections['/things/4/children']).toEqual([{ id: 1, name: 'Kid' }]);
    } finally {
      redis.disconnect();
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
  });

  it('empty collections are charged while they exist or are deleted, the session held or not', async () => {
    const options = { spec: NESTED, stateful: true, store: store.url, storePrefix: 'empty', maxStateBytes: SMALL_BUDGET };
    const [a, b] = [await serverWith(CRUD_SCENARIO, options), await serverWith(CRUD_SCENARIO, options)];
    const memory = await mockServer({ spec: NESTED, stateful: true, maxStateBytes: SMALL_BUDGET });
    const redis = new Redis(store.url);
    try {
      expect(await chooseScenario(a, 'held', 'crud')).toBe(200);
      // As many parents fit as in memory, whether each write is one store call or the session is held.
      const fitted = await createAndDeleteUnderNewParents([memory], 'm');
      expect(await createAndDeleteUnderNewParents([a, b], 'loose')).toBe(fitted);
      expect(await createAndDeleteUnderNewParents([a, b], 'held')).toBe(fitted);
      for (const session of ['loose', 'held']) {
        const [hash] = await redis.keys(`empty:rec:*:${session}`);
        expect(Number(await redis.hget(hash as string, '#bytes'))).toBeGreaterThan(SMALL_BUDGET / 2);
        // A PUT of none drops the collections with their next ids, and frees what they were charged.
        const none = Object.fromEntries(Array.from({ length: fitted }, (_, i) => [`/things/${i + 1}/children`, []]));
        const put = await b.inject({
          method: 'PUT',
          url: `/__mock/state?session=${session}`,
          headers: { 'content-type': 'application/json' },
          payload: { collections: none },
        });
        expect(put.json().collections).toEqual({ '/things': [] });
        expect(await redis.hget(hash as string, '#bytes')).toBe('0');
        expect(Object.keys(await redis.hgetall(hash as string)).filter((field) => field.startsWith('#n'))).toEqual([]);
      }
      await putEmptyCollections([a, b], 'put');
      expect(await redis.hlen((await redis.keys('empty:rec:*:put'))[0] as string)).toBeLessThan(10);
    } finally {
      redis.disconnect();
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
  });

  it('a held session counts what the store holds for it, beyond the budget too, as the store scripts do', async () => {
    const options = { spec: NESTED, stateful: true, store: store.url, storePrefix: 'held-bytes' };
    const [roomy, tight] = [await mockServer(options), await mockServer({ ...options, maxStateBytes: 1024 })] as [MockServer, MockServer];
    for (let i = 0; i < 4; i++)
      expect((await call(roomy, 'big', 'POST', '/things/1/children', { name: 'x'.repeat(500) })).statusCode).toBe(201);
    const put = (server: MockServer, session: string) =>
      server.inject({
        method: 'PUT',
        url: `/__mock/state?session=${session}`,
        headers: { 'content-type': 'application/json' },
        payload: { collections: { '/things/2/children': [{ id: 1, name: 'y' }] } },
      });
    // Held by the replica whose budget it passes: the store's bytes are counted, the write refused whole.
    expect((await put(tight, 'big')).statusCode).toBe(507);
    expect((await call(tight, 'big', 'POST', '/things/3/children', { name: 'z' })).statusCode).toBe(507);
    expect((await put(tight, 'small')).statusCode).toBe(200);
    expect((await call(roomy, 'big', 'GET', '/things/1/children')).json()).toHaveLength(4);
  });

  it("an admin write retried after losing a race answers as its last attempt, not with a discarded one's headers", async () => {
    const options = { spec: NESTED, stateful: true, store: store.url, storePrefix: 'attempts', maxResources: 10 };
    const [a, b] = [await mockServer(options), await mockServer(options)] as [MockServer, MockServer];
    const json = { 'content-type': 'application/json' };
    const refused: Record<string, unknown>[] = [];
    for (let round = 0; round < 40 && refused.length < 3; round++) {
      const session = `race-${round}`;
      const children = [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ];
      const payload = { collections: { '/things/1/children': children } };
      const put = a.inject({ method: 'PUT', url: `/__mock/state?session=${session}`, headers: json, payload });
      // The creates land while the PUT is decided, or just before or after (each round a little later).
      await new Promise((resolve) => setTimeout(resolve, round % 4));
      await Promise.all(Array.from({ length: 9 }, () => call(b, session, 'POST', '/things', { name: 'Thing' })));
      const answer = await put;
      // An attempt that fitted (its answer marked no-store) and lost the race is decided again: refused now.
      if (answer.statusCode !== 200) refused.push(answer.headers);
    }
    expect(refused.length).toBeGreaterThan(0);
    for (const headers of refused) {
      expect(headers['cache-control']).toBeUndefined();
      expect(headers['content-type']).toMatch(/^application\/problem\+json|^application\/json/);
    }
  });

  it('admin writes racing record writes through another replica are retried on a fresh copy, not refused', async () => {
    const options = { spec: PETS, stateful: true, store: store.url, storePrefix: 'admin-race' };
    const [a, b] = [await serverWith(CRUD_SCENARIO, options), await serverWith(CRUD_SCENARIO, options)];
    const json = { 'content-type': 'application/json' };
    try {
      const admin: number[] = [];
      for (let round = 0; round < 10; round++) {
        const writes = Array.from({ length: 8 }, (_, i) => call(b, 'busy', 'POST', '/pets', { name: `Pet ${round}-${i}` }));
        const [put, chosen] = await Promise.all([
          a.inject({ method: 'PUT', url: '/__mock/state?session=busy', headers: json, payload: { collections: { '/pets': [] } } }),
          a.inject({
            method: 'PUT',
            url: '/__mock/scenario',
            headers: json,
            payload: { session: 'busy', scenario: round % 2 ? 'crud' : null },
          }),
          ...writes,
        ]);
        admin.push(put.statusCode, chosen.statusCode);
        expect(put.json().collections['/pets'].length).toBeLessThanOrEqual(8);
      }
      expect(admin).toEqual(Array(20).fill(200));
      expect((await b.inject('/__mock/scenario?session=busy')).json()).toMatchObject({ scenario: 'crud' });
    } finally {
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
  });

  it('records written one call at a time and by a held session (PUT /__mock/state) are one set, in order', async () => {
    const options = { spec: SPEC, stateful: true, store: store.url, storePrefix: 'mixed' };
    const [a, b] = [await mockServer(options), await mockServer(options)] as [MockServer, MockServer];
    await call(b, 'm', 'POST', '/plants', { id: 5, name: 'Fern' });
    const put = await a.inject({
      method: 'PUT',
      url: '/__mock/state?session=m',
      headers: { 'content-type': 'application/json' },
      payload: {
        collections: {
          '/plants': [
            { id: 9, name: 'Cactus' },
            { id: 3, name: 'Palm' },
          ],
        },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(await names(b, 'm')).toEqual(['Cactus', 'Palm']);
    expect((await call(b, 'm', 'POST', '/plants', { id: 10, name: 'Ivy' })).json()).toMatchObject({ name: 'Ivy' });
    expect((await call(a, 'm', 'PUT', '/plants/3', { name: 'Date palm' })).statusCode).toBe(200);
    const state = (await b.inject('/__mock/state?session=m')).json();
    expect(state.collections['/plants']).toEqual([
      { id: 9, name: 'Cactus' },
      { id: 3, name: 'Date palm' },
      { id: 10, name: 'Ivy' },
    ]);
  });

  it('--max-state-bytes holds per session across replicas: a write that does not fit is refused whole', async () => {
    const options = { spec: SPEC, stateful: true, store: store.url, storePrefix: 'bytes', maxStateBytes: 1024 };
    const [a, b] = [await mockServer(options), await mockServer(options)] as [MockServer, MockServer];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await call(i % 2 ? a : b, 'full', 'POST', '/plants', { id: i + 1, name: 'x'.repeat(100) })).statusCode);
    const refused = statuses.indexOf(507);
    expect(refused).toBeGreaterThan(1);
    expect(statuses.slice(refused).every((status) => status === 507)).toBe(true);
    expect(await names(a, 'full')).toHaveLength(refused);
    // Another session has its own budget.
    expect((await call(b, 'other', 'POST', '/plants', { id: 1, name: 'y' })).statusCode).toBe(200);
  });
});
