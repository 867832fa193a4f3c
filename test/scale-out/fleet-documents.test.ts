import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { canRun, STORE_SERVER } from '../support/infrastructure.js';
import { AUTH, closeServersAfterEach, mockServer } from '../support/servers.js';
import { storeServerForTests } from '../support/store-server.js';

closeServersAfterEach();
const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
const PLANTS = 'test/fixtures/plantstore-crud.yaml';

describe.runIf(canRun(STORE_SERVER))('--store with several documents', () => {
  const store = storeServerForTests();

  it('300 parallel creates of one session spread over three replicas all land, as on one', async () => {
    const options = { spec: PLANTS, stateful: true, store: store.url, storePrefix: 'contended' };
    const replicas = [await mockServer(options), await mockServer(options), await mockServer(options)];
    const headers = { ...AUTH, 'content-type': 'application/json', 'x-mock-session': 'busy' };
    const create = (id: number) =>
      replicas[id % 3]?.inject({ method: 'POST', url: '/plants', headers, payload: JSON.stringify({ id, name: `Plant ${id}` }) });
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => create(i + 1)));
    expect(answers.filter((answer) => answer?.statusCode !== 200)).toEqual([]);
    expect((await replicas[1]?.inject({ url: '/plants?limit=1000', headers }))?.json()).toHaveLength(300);
  });

  it('--max-sessions and --max-total-state-bytes hold across the fleet, as on one replica', async () => {
    const options = { spec: PLANTS, stateful: true, store: store.url, storePrefix: 'bounded', maxSessions: 2 };
    const [a, b] = [await mockServer(options), await mockServer(options)];
    const create = (server: MockServer, session: string, id: number) =>
      server.inject({
        method: 'POST',
        url: '/plants',
        headers: { ...AUTH, 'content-type': 'application/json', 'x-mock-session': session },
        payload: JSON.stringify({ id, name: 'Ficus' }),
      });
    const list = async (server: MockServer, session: string) =>
      (await server.inject({ url: '/plants', headers: { ...AUTH, 'x-mock-session': session } })).json() as unknown[];
    expect((await create(a, 'one', 1)).statusCode).toBe(200);
    expect((await create(b, 'two', 1)).statusCode).toBe(200);
    expect((await create(a, 'three', 1)).statusCode).toBe(200);
    // Three sessions written on two replicas, two kept: the least recently written went, for both.
    expect(await list(b, 'three')).toHaveLength(1);
    expect(await list(a, 'two')).toHaveLength(1);
    expect(await list(b, 'one')).toEqual([]);

    const budget = { ...options, storePrefix: 'budget', maxSessions: 100, maxTotalStateBytes: 1024 };
    const [c, d] = [await mockServer(budget), await mockServer(budget)];
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await create(i % 2 === 0 ? c : d, `s${i}`, i)).statusCode);
    // Each replica alone holds far less than 1024 bytes; the fleet's total refuses the rest.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses).toContain(507);
    const refused = statuses.indexOf(507);
    expect(statuses.slice(refused).every((status) => status === 507)).toBe(true);
  });

  it('over the fleet budget, PUT /__mock/state answers 507 STATE_BUDGET_EXCEEDED, as one replica does', async () => {
    const limits = { spec: PLANTS, stateful: true, maxSessions: 100, maxTotalStateBytes: 1024 };
    const fleet = { ...limits, store: store.url, storePrefix: 'admin-budget' };
    const [lone, a, b] = [await mockServer(limits), await mockServer(fleet), await mockServer(fleet)];
    const fill = async (server: MockServer) => {
      for (let i = 0; i < 40; i++) {
        const headers = { ...AUTH, 'content-type': 'application/json', 'x-mock-session': `s${i}` };
        const created = await server.inject({ method: 'POST', url: '/plants', headers, payload: JSON.stringify({ id: i, name: 'Ficus' }) });
        if (created.statusCode === 507) return;
      }
      throw new Error('the budget never filled');
    };
    const put = (server: MockServer) =>
      server.inject({
        method: 'PUT',
        url: '/__mock/state?session=late',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ collections: { '/plants': [{ id: 7, name: 'Monstera'.repeat(40) }] } }),
      });
    await fill(lone);
    await fill(a);
    const [alone, shared] = [await put(lone), await put(b)];
    // Replica b holds almost nothing itself: the fleet's total refuses it, as a lone mock's would.
    expect([shared.statusCode, shared.headers['x-mock-error'], shared.json().error]).toEqual([507, 'STATE_BUDGET_EXCEEDED', 50702]);
    expect([alone.statusCode, alone.headers['x-mock-error']]).toEqual([shared.statusCode, shared.headers['x-mock-error']]);
    expect(shared.json().message).toContain('all sessions');
    expect((await b.inject({ url: '/plants', headers: { ...AUTH, 'x-mock-session': 'late' } })).json()).toEqual([]);
  });

  it('a session only read stays in use across the fleet: past --max-sessions the least recently used goes', async () => {
    const options = { spec: PLANTS, stateful: true, store: store.url, storePrefix: 'read-use', maxSessions: 2 };
    const [a, b] = [await mockServer(options), await mockServer(options)];
    const create = (server: MockServer, session: string) =>
      server.inject({
        method: 'POST',
        url: '/plants',
        headers: { ...AUTH, 'content-type': 'application/json', 'x-mock-session': session },
        payload: JSON.stringify({ id: 1, name: 'Ficus' }),
      });
    const list = async (server: MockServer, session: string) =>
      (await server.inject({ url: '/plants', headers: { ...AUTH, 'x-mock-session': session } })).json() as unknown[];
    expect((await create(a, 'one')).statusCode).toBe(200);
    expect((await create(b, 'two')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await list(b, 'one')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await create(a, 'three')).statusCode).toBe(200);
    // 'one' was read after 'two' was written: 'two' is the least recently used.
    expect(await list(a, 'one')).toHaveLength(1);
    expect(await list(b, 'two')).toEqual([]);
  });

  it('the one journal of several documents counts the fleet, whichever replica is asked', async () => {
    const options = { spec: [PLANTS, `/pets=${PETS}`], stateful: true, store: store.url, storePrefix: 'documents' };
    const [a, b] = [await mockServer(options), await mockServer(options)];
    const headers = { ...AUTH, 'x-mock-session': 'docs' };
    for (const server of [a, b, a]) await server.inject({ url: '/plants/1', headers });
    for (const server of [b, a]) await server.inject({ url: '/pets/pets', headers });
    for (const server of [a, b]) {
      const listed = (await server.inject('/__mock/journal?session=docs')).json() as { count: number; entries: { path: string }[] };
      expect(listed.count).toBe(5);
      const verified = await server.inject({
        method: 'POST',
        url: '/__mock/journal/verify',
        headers: { 'content-type': 'application/json' },
        payload: { session: 'docs', path: '/plants/1', exactly: 3 },
      });
      expect(verified.json()).toMatchObject({ pass: true, count: 3 });
    }
  });
});
