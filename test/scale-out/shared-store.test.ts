import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockServer, MockConfigError, type MockServer } from '../../src/index.js';
import { connectStore } from '../../src/store/shared-store.js';
import { runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { canRun, STORE_SERVER } from '../support/infrastructure.js';
import { FAILS_TWICE_THEN_CREATES, serverWith } from '../support/scenarios.js';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';
import { asSession, callAs, chooseScenario, storeServerForTests } from '../support/store-server.js';

closeServersAfterEach();

const GROWN = 'test/fixtures/plantstore-crud.yaml';
const as = asSession;
const call = callAs;

describe.runIf(canRun(STORE_SERVER))('--store: sessions shared through a real Valkey/Redis server', () => {
  const store = storeServerForTests();

  it('a record created through one replica is read, listed, replaced and deleted through another', async () => {
    const options = { spec: GROWN, stateful: true, store: store.url, storePrefix: 'crud-a' };
    const [a, b] = [await mockServer(options), await mockServer(options)] as [MockServer, MockServer];
    expect((await call(a, 's', 'POST', '/plants', { id: 42, name: 'Ficus', tag: 'tree' })).statusCode).toBe(200);
    await call(b, 's', 'POST', '/plants', { id: 7, name: 'Aloe', tag: 'succulent' });
    expect((await call(b, 's', 'GET', '/plants/42')).json()).toEqual({ name: 'Ficus', tag: 'tree' });
    expect((await call(a, 's', 'GET', '/plants')).json().map((p: { name: string }) => p.name)).toEqual(['Ficus', 'Aloe']);
    expect((await call(b, 's', 'PUT', '/plants/42', { name: 'Ficus lyrata' })).statusCode).toBe(200);
    expect((await call(a, 's', 'GET', '/plants/42')).json()).toEqual({ name: 'Ficus lyrata' });
    expect((await call(a, 's', 'DELETE', '/plants/42')).statusCode).toBe(204);
    expect((await call(b, 's', 'GET', '/plants/42')).statusCode).toBe(404);
    // Another session sees none of it.
    expect((await call(b, 'other', 'GET', '/plants')).json()).toEqual([]);
  });

  it('a sequence step with times: 2 answers twice across replicas, and a scenario chosen on one holds on the other', async () => {
    const options = { spec: GROWN, store: store.url, storePrefix: 'sequence' };
    const [a, b] = [
      await serverWith({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES }, options),
      await serverWith({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES }, options),
    ];
    try {
      expect(await chooseScenario(a, 'q', 'flaky')).toBe(200);
      expect((await b.inject('/__mock/scenario?session=q')).json()).toMatchObject({ scenario: 'flaky' });
      const statuses = [];
      for (const server of [b, a, b, a]) statuses.push((await call(server, 'q', 'POST', '/plants', { id: 1, name: 'x' })).statusCode);
      expect(statuses).toEqual([503, 503, 200, 200]);
      // A reset through one replica starts the sequence again on both.
      await b.inject({ method: 'POST', url: '/__mock/reset', headers: { 'content-type': 'application/json' }, payload: { session: 'q' } });
      expect((await call(a, 'q', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(503);
      await a.inject({ method: 'POST', url: '/__mock/reset' });
      expect((await call(b, 'q', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(503);
    } finally {
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
  });

  it('parallel requests of one session through two replicas each take their own step', async () => {
    const options = { spec: GROWN, store: store.url, storePrefix: 'parallel', scenario: 'flaky' };
    const [a, b] = [
      await serverWith({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES }, options),
      await serverWith({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES }, options),
    ];
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => call(i % 2 === 0 ? a : b, 'p', 'POST', '/plants', { id: 1, name: 'x' })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 503, 503]);
      // A reset through one replica starts the sequence again on the other.
      await b.inject({ method: 'POST', url: '/__mock/reset', headers: JSON_BODY, payload: { session: 'p' } });
      expect((await call(a, 'p', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(503);
      // Chosen for the session now (its requests hold it): the sequence goes on where it was.
      await a.inject({ method: 'PUT', url: '/__mock/scenario', headers: JSON_BODY, payload: { session: 'p', scenario: 'flaky' } });
      const next = [];
      for (const server of [b, a, b]) next.push((await call(server, 'p', 'POST', '/plants', { id: 1, name: 'x' })).statusCode);
      expect(next).toEqual([503, 200, 200]);
    } finally {
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
  });

  it('an answer needing no session data makes no round trip; a choice made on one replica is known on the other first', async () => {
    // Session reads: the load script's HMGET (commands a script runs are counted; coverage batches use none).
    const reads = () => Number(/cmdstat_hmget:calls=(\d+)/.exec(store.command('INFO', 'commandstats'))?.[1] ?? 0);
    const options = { spec: GROWN, store: store.url, storePrefix: 'no-trip' };
    const [a, b] = [
      await serverWith({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES }, options),
      await serverWith({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES }, options),
    ];
    try {
      const before = reads();
      for (const server of [a, b, a, b]) expect((await call(server, 'free', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(200);
      expect(reads()).toBe(before);
      // Chosen through A: B follows it on the very next request, the other session still costs nothing.
      await a.inject({ method: 'PUT', url: '/__mock/scenario', headers: JSON_BODY, payload: { session: 'q', scenario: 'flaky' } });
      expect((await call(b, 'q', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(503);
      const chosen = reads();
      expect((await call(b, 'free', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(200);
      expect(reads()).toBe(chosen);
      // A scenario asked for by header, in a session that chose none, takes its step in one call, no read.
      const asked = await b.inject({
        method: 'POST',
        url: '/plants',
        headers: { ...as('h'), 'x-mock-scenario': 'flaky' },
        payload: '{"id":1,"name":"x"}',
      });
      expect([asked.statusCode, reads()]).toEqual([503, chosen]);
      // The default session's choice holds for every session without one of its own.
      await b.inject({ method: 'PUT', url: '/__mock/scenario', headers: JSON_BODY, payload: { scenario: 'flaky' } });
      expect((await call(a, 'free', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(503);
    } finally {
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
  });

  it('a replica started after a choice was made reads the stored choices before it answers', async () => {
    const options = { spec: GROWN, store: store.url, storePrefix: 'late' };
    const a = await serverWith({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES }, options);
    try {
      await a.inject({ method: 'PUT', url: '/__mock/scenario', headers: JSON_BODY, payload: { session: 'q', scenario: 'flaky' } });
      const late = await serverWith({ 'flaky.yaml': FAILS_TWICE_THEN_CREATES }, options);
      try {
        expect((await call(late, 'q', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(503);
        expect((await call(late, 'free', 'POST', '/plants', { id: 1, name: 'x' })).statusCode).toBe(200);
      } finally {
        await late.cleanup();
      }
    } finally {
      await a.cleanup();
    }
  });

  it('--coverage-report of a replica writes the counts of every replica as it closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-coverage-'));
    try {
      const options = { spec: GROWN, store: store.url, storePrefix: 'coverage-files' };
      const a = await createMockServer({ ...options, coverageReport: join(dir, 'a') });
      const b = await createMockServer({ ...options, coverageReport: join(dir, 'b') });
      await call(a, 's', 'GET', '/plants');
      await call(b, 's', 'GET', '/plants');
      await call(b, 's', 'POST', '/plants', { id: 1, name: 'Ficus' });
      await b.close();
      await a.close();
      for (const replica of ['a', 'b']) {
        const report = JSON.parse(readFileSync(join(dir, replica, 'coverage.json'), 'utf8'));
        expect(report.summary.requests).toBe(3);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fleet coverage past --max-sessions evicts by when sessions were answered, not when batches arrive', async () => {
    const shared = await connectStore({ url: store.url, prefix: 'late-batches:', idleMs: 60_000, maxSessions: 2, warn: () => undefined });
    try {
      const one = new Map([['requests', 1]]);
      const t = Date.now();
      // Replica 1 answered a, then c; replica 2 answered b in between; replica 3's a, answered after b,
      // arrives last: as on one mock, b is the least recently used.
      await shared.addCoverage([
        ['a', one, t],
        ['c', one, t + 30],
      ]);
      await shared.addCoverage([['b', one, t + 10]]);
      await shared.addCoverage([['a', one, t + 20]]);
      expect((await shared.coverage('a')).get('requests')).toBe(2);
      expect((await shared.coverage('b')).size).toBe(0);
      expect((await shared.coverage('c')).get('requests')).toBe(1);
    } finally {
      await shared.close();
    }
  });

  it('mocks with different prefixes on one store never see each other', async () => {
    const a = await mockServer({ spec: GROWN, stateful: true, store: store.url, storePrefix: 'team-a' });
    const b = await mockServer({ spec: GROWN, stateful: true, store: store.url, storePrefix: 'team-b' });
    await call(a, 's', 'POST', '/plants', { id: 1, name: 'Ficus' });
    expect((await call(b, 's', 'GET', '/plants')).json()).toEqual([]);
    expect((await call(a, 's', 'GET', '/plants')).json()).toHaveLength(1);
  });

  it('store lost mid-run: shared requests answer 503 with Retry-After, stateless ones keep answering, readiness follows', async () => {
    const stateful = await mockServer({ spec: GROWN, stateful: true, store: store.url, storePrefix: 'faults', logLevel: 'silent' });
    const stateless = await mockServer({
      spec: GROWN,
      bundledScenarios: false,
      store: store.url,
      storePrefix: 'faults-2',
      logLevel: 'silent',
    });
    await call(stateful, 's', 'POST', '/plants', { id: 1, name: 'Ficus' });
    expect((await stateful.inject('/__mock/health/ready')).statusCode).toBe(200);
    await store.stop();
    await eventually(async () => (await stateful.inject('/__mock/health/ready')).statusCode === 503, 5000);
    const refused = await call(stateful, 's', 'GET', '/plants/1');
    expect([refused.statusCode, refused.headers['retry-after'], refused.json().error]).toEqual([503, '1', 50301]);
    expect((await stateful.inject('/__mock/health')).json()).toMatchObject({ status: 'ok', store: 'down' });
    expect((await call(stateless, 's', 'POST', '/plants', { id: 2, name: 'Aloe' })).statusCode).toBe(200);
    await store.start();
    // Reconnected with back-off; the store came back empty (no persistence), so the session starts anew.
    await eventually(async () => (await stateful.inject('/__mock/health/ready')).statusCode === 200, 10_000);
    expect((await call(stateful, 's', 'GET', '/plants/1')).statusCode).toBe(404);
    expect((await call(stateful, 's', 'POST', '/plants', { id: 1, name: 'Ficus' })).statusCode).toBe(200);
  });
});

describe('--store unreachable at start', () => {
  it('fails creation with one sentence, the password masked', async () => {
    const failed = mockServer({ store: 'redis://user:secret@127.0.0.1:1', logLevel: 'silent' });
    await expect(failed).rejects.toThrow(MockConfigError);
    await expect(failed).rejects.toThrow(/cannot reach redis:\/\/user:\*\*\*@127\.0\.0\.1:1/);
  });

  it('the CLI says so in one line and exits 2', async () => {
    const run = await runCli(['--port', '0', '--store', 'redis://127.0.0.1:1']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^plantstore-mock: --store: cannot reach redis:\/\/127\.0\.0\.1:1/);
  });

  it('with --store-optional, warns and keeps sessions in memory', async () => {
    const lines: string[] = [];
    const server = await mockServer({
      spec: GROWN,
      stateful: true,
      store: 'redis://127.0.0.1:1',
      storeOptional: true,
      logLevel: 'warn',
      logStream: { write: (line: string) => lines.push(line) },
    });
    expect(lines.join('')).toMatch(/cannot reach .*--store-optional/);
    await call(server, 's', 'POST', '/plants', { id: 1, name: 'Ficus' });
    expect((await call(server, 's', 'GET', '/plants/1')).statusCode).toBe(200);
    expect((await server.inject('/__mock/health/ready')).statusCode).toBe(200);
  });
});
