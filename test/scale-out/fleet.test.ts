/**
 * Three replicas as separate processes behind HAProxy (round-robin), sharing one Redis: the way teams
 * run a shared mock. Every request goes through the balancer, so consecutive requests of a session land
 * on different replicas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCli, startCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import {
  type Balancer,
  canRun,
  HAPROXY,
  STORE_SERVER,
  type StoreServer,
  startBalancer,
  startStoreServer,
} from '../support/infrastructure.js';
import { FAILS_TWICE_THEN_CREATES, scenarioDir } from '../support/scenarios.js';
import { JSON_BODY } from '../support/servers.js';

describe.runIf(canRun(STORE_SERVER) && canRun(HAPROXY))('three replicas behind HAProxy sharing one store', () => {
  let store: StoreServer;
  let replicas: RunningCli[] = [];
  let balancer: Balancer;
  let removeDir: () => Promise<void> = async () => undefined;

  const send = (session: string, method: string, path: string, body?: unknown) =>
    fetch(`${balancer.url}${path}`, {
      method,
      headers: { ...JSON_BODY, 'x-mock-session': session },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });

  beforeAll(async () => {
    store = await startStoreServer();
    const { dir, remove } = await scenarioDir({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES });
    removeDir = remove;
    const args = ['--spec', 'test/fixtures/plantstore-crud.yaml', '--stateful', '--scenarios', dir];
    replicas = await Promise.all([1, 2, 3].map(() => startCli([...args, '--store', store.url, '--store-prefix', 'fleet'])));
    balancer = await startBalancer(replicas.map((r) => new URL(r.url).host));
  }, 90_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const replica of replicas) replica.child.kill('SIGKILL');
    await store?.stop();
    await removeDir();
  });

  it('a session created, read, listed, replaced and deleted through the balancer behaves as on one replica', async () => {
    for (const id of [1, 2, 3]) expect((await send('crud', 'POST', '/plants', { id, name: `Plant ${id}` })).status).toBe(200);
    for (const id of [1, 2, 3]) expect(await (await send('crud', 'GET', `/plants/${id}`)).json()).toEqual({ name: `Plant ${id}` });
    const names = ((await (await send('crud', 'GET', '/plants')).json()) as { name: string }[]).map((p) => p.name);
    expect(names).toEqual(['Plant 1', 'Plant 2', 'Plant 3']);
    expect((await send('crud', 'PUT', '/plants/2', { name: 'Renamed' })).status).toBe(200);
    expect(await (await send('crud', 'GET', '/plants/2')).json()).toEqual({ name: 'Renamed' });
    expect((await send('crud', 'DELETE', '/plants/2')).status).toBe(204);
    for (let i = 0; i < 3; i++) expect((await send('crud', 'GET', '/plants/2')).status).toBe(404);
  });

  it('a scenario chosen through the balancer holds on every replica, and times: 2 answers twice in all', async () => {
    const chosen = await fetch(`${balancer.url}/__mock/scenario`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: 'seq', scenario: 'flaky' }),
    });
    expect(chosen.status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send('seq', 'POST', '/plants', { id: 9, name: 'x' })).status);
    expect(statuses).toEqual([503, 503, 200, 200, 200, 200]);
  });

  it('the journal and verify count the fleet, whichever replica is asked', async () => {
    for (let i = 0; i < 5; i++) expect((await send('journal', 'GET', `/plants/${100 + i}`)).status).toBe(404);
    for (let i = 0; i < 3; i++) {
      const verified = await fetch(`${balancer.url}/__mock/journal/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: 'journal', method: 'GET', exactly: 5 }),
      });
      expect(await verified.json()).toMatchObject({ pass: true, count: 5 });
      const listed = (await (await fetch(`${balancer.url}/__mock/journal?session=journal`)).json()) as { count: number };
      expect(listed.count).toBe(5);
    }
  });

  it('kill -9 of one replica mid-run: the others answer, nothing acknowledged is lost', async () => {
    const created: number[] = [];
    for (let id = 100; id < 130; id++) {
      if (id === 110) replicas[2]?.child.kill('SIGKILL');
      const response = await send('crash', 'POST', '/plants', { id, name: `Plant ${id}` });
      // A request in flight on the killed replica may fail (HAProxy retries connection failures); none crashes.
      if (response.status === 200) created.push(id);
      else expect([502, 503]).toContain(response.status);
    }
    expect(created.length).toBeGreaterThanOrEqual(28);
    const listed = ((await (await send('crash', 'GET', '/plants')).json()) as unknown[]).length;
    expect(listed).toBe(created.length);
  });

  it('the store stopped and restarted mid-run: 503 while it is away, answers again once it is back', async () => {
    expect((await send('restart', 'POST', '/plants', { id: 1, name: 'before' })).status).toBe(200);
    await store.stop();
    const away = await send('restart', 'GET', '/plants/1');
    expect(away.status).toBe(503);
    await store.start();
    await eventually(async () => (await send('restart', 'GET', '/plants')).status === 200, 20_000);
    // The store came back empty (no persistence): the session starts anew, on every replica alike.
    expect((await send('restart', 'POST', '/plants', { id: 1, name: 'after' })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect(await (await send('restart', 'GET', '/plants/1')).json()).toEqual({ name: 'after' });
  });
});
