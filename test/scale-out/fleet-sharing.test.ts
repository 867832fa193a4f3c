/**
 * What else a session and the fleet share, through HAProxy over three replicas (separate processes) in
 * front of one Redis: proxy switches, coverage and drift, and seeded fault and delay draws. Each is
 * compared with a lone mock given the same requests: the fleet must answer and count as one does.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { type RunningCli, runCli, startCli } from '../support/cli.js';
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
import { scenarioDir } from '../support/scenarios.js';
import { JSON_BODY } from '../support/servers.js';
import { startUpstream, type TestUpstream } from '../support/upstream.js';

const SPEC = 'test/fixtures/proxy-store.yaml';
// Half the calls cut short, every call delayed by a draw: what a seeded chaos run looks like.
const CHAOS = `
description: seeded chaos
rules:
  - operation: createPlant
    respond: { body: { id: 1, name: chaos }, fault: { kind: malformed-json, probability: 0.5 }, delay: { uniform: [1, 25] } }
`;

describe.runIf(canRun(STORE_SERVER) && canRun(HAPROXY))('three replicas share switches, coverage and seeded draws', () => {
  let store: StoreServer;
  let upstream: TestUpstream;
  let replicas: RunningCli[] = [];
  let balancer: Balancer;
  let lone: MockServer;
  let removeDir: () => Promise<void> = async () => undefined;
  let recordDir = '';

  beforeAll(async () => {
    store = await startStoreServer();
    upstream = await startUpstream();
    const { dir, remove } = await scenarioDir({ 'chaos.yaml': CHAOS });
    removeDir = remove;
    recordDir = await mkdtemp(join(tmpdir(), 'psm-fleet-rec-'));
    const args = ['--spec', SPEC, '--proxy', `${upstream.url}/v1`, '--scenarios', dir, '--no-bundled-scenarios', '--seed', '7'];
    args.push('--record', recordDir);
    replicas = await Promise.all([1, 2, 3].map(() => startCli([...args, '--store', store.url, '--store-prefix', 'share'])));
    balancer = await startBalancer(replicas.map((r) => new URL(r.url).host));
    lone = await createMockServer({ spec: SPEC, proxy: `${upstream.url}/v1`, scenariosDir: dir, bundledScenarios: false, seed: 7 });
  }, 90_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const replica of replicas) replica.child.kill('SIGKILL');
    await lone?.close();
    await upstream?.close();
    await store?.stop();
    await removeDir();
    if (recordDir !== '') await rm(recordDir, { recursive: true, force: true });
  });

  const headers = (session: string, more: Record<string, string> = {}) => ({ ...JSON_BODY, 'x-mock-session': session, ...more });
  const viaFleet = (session: string, method: string, path: string, body?: unknown, more?: Record<string, string>) =>
    fetch(`${balancer.url}${path}`, {
      method,
      headers: headers(session, more),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
  const viaLone = (session: string, method: string, path: string, body?: unknown, more?: Record<string, string>) =>
    lone.inject({
      method: method as 'GET',
      url: path,
      headers: headers(session, more),
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${balancer.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('a proxy switch set through one replica holds on every replica', async () => {
    expect((await admin('PUT', '/__mock/proxy', { session: 'off', proxy: 'off' })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect(await (await admin('GET', '/__mock/proxy?session=off')).json()).toMatchObject({ proxy: 'off' });
    const before = upstream.seen.length;
    for (let i = 0; i < 6; i++) expect((await viaFleet('off', 'POST', '/plants', { id: 7, name: 'Ficus' })).status).toBe(200);
    expect(upstream.seen.length).toBe(before);
    for (let i = 0; i < 3; i++) await viaFleet('on', 'POST', '/plants', { id: 7, name: 'Ficus' });
    expect(upstream.seen.length).toBe(before + 3);
    // Cleared, the session goes through again, everywhere.
    expect((await admin('PUT', '/__mock/proxy', { session: 'off', proxy: null })).status).toBe(200);
    for (let i = 0; i < 3; i++) await viaFleet('off', 'POST', '/plants', { id: 7, name: 'Ficus' });
    expect(upstream.seen.length).toBe(before + 6);
  });

  it('the live stream of any replica shows the requests every replica answered', async () => {
    const controller = new AbortController();
    const events = await fetch(`${balancer.url}/__mock/events`, {
      signal: controller.signal,
      headers: { accept: 'text/event-stream' },
    });
    const reader = events.body?.getReader();
    if (!reader) throw new Error('no body');
    for (let i = 0; i < 6; i++) await viaFleet('live', 'GET', `/plants/${i}`, undefined, { 'x-mock-proxy': 'off' });
    let text = '';
    const until = Date.now() + 10_000;
    while ((text.match(/"session":"live"/g) ?? []).length < 6 && Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const paths = [...text.matchAll(/"path":"(\/plants\/\d)"/g)].map((m) => m[1]).sort();
    expect(paths).toEqual(['/plants/0', '/plants/1', '/plants/2', '/plants/3', '/plants/4', '/plants/5']);
  });

  // The recipe of docs/scale-out.md: the fleet's recordings as one HAR of its journal, imported.
  it('recordings of the fleet: its journal as one HAR, imported as scenario files', async () => {
    for (let id = 1; id <= 6; id++) await viaFleet('rec', 'POST', '/plants', { id, name: `Plant ${id}` });
    const har = await (await admin('GET', '/__mock/journal?session=rec&format=har')).text();
    expect((JSON.parse(har) as { log: { entries: unknown[] } }).log.entries).toHaveLength(6);
    const { dir, remove } = await scenarioDir({ 'fleet.har': har });
    try {
      const run = await runCli(['import', join(dir, 'fleet.har'), '--out', join(dir, 'out'), '--spec', SPEC], 30_000);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`wrote ${join(dir, 'out', 'import-fleet.yaml')}: 6 exchanges`);
    } finally {
      await remove();
    }
  });

  it('seeded faults and delays draw the same values across replicas as on a lone mock', async () => {
    const outcomes = async (send: (i: number) => Promise<{ status: number; text: string }>) => {
      const seen: string[] = [];
      for (let i = 0; i < 16; i++) {
        const { status, text } = await send(i);
        seen.push(`${status}:${isJson(text) ? 'whole' : 'cut'}`);
      }
      return seen;
    };
    const more = { 'x-mock-scenario': 'chaos' };
    const fleet = await outcomes(async () => {
      const response = await viaFleet('chaos', 'POST', '/plants', { id: 1, name: 'x' }, more);
      return { status: response.status, text: await response.text() };
    });
    const alone = await outcomes(async () => {
      const response = await viaLone('chaos', 'POST', '/plants', { id: 1, name: 'x' }, more);
      return { status: response.statusCode, text: response.body };
    });
    expect(fleet).toEqual(alone);
    expect(new Set(fleet).size).toBe(2);
    // The delays drawn, as the journal words them, are the same values too.
    const delays = async (entries: { source?: string }[]) => entries.map((entry) => /delay=(\d+)ms/.exec(entry.source ?? '')?.[1]).sort();
    const fleetJournal = (await (await admin('GET', '/__mock/journal?session=chaos')).json()) as { entries: { source?: string }[] };
    const loneJournal = (await lone.inject('/__mock/journal?session=chaos')).json() as { entries: { source?: string }[] };
    const drawn = await delays(fleetJournal.entries);
    expect(drawn.filter((ms) => ms !== undefined)).toHaveLength(16);
    expect(drawn).toEqual(await delays(loneJournal.entries));
  });

  it('coverage and drift report the fleet from any replica, as a lone mock counts them', async () => {
    expect((await admin('DELETE', '/__mock/coverage')).status).toBe(200);
    await lone.inject({ method: 'DELETE', url: '/__mock/coverage' });
    const requests: [string, string, unknown?][] = [
      ['POST', '/plants', { id: 7, name: 'Ficus', tag: 'tree' }],
      ['POST', '/plants', { name: 3 }],
      ['GET', '/plants/7'],
      ['GET', '/nowhere'],
    ];
    for (const drift of ['ok', 'undocumented-status', 'missing-header'] as const) {
      upstream.drift = drift;
      for (const [method, path, body] of requests) {
        await viaFleet('cov', method, path, body);
        await viaLone('cov', method, path, body);
      }
    }
    upstream.drift = 'ok';
    const expected = (await lone.inject('/__mock/coverage?session=cov')).json();
    const expectedOverall = (await lone.inject('/__mock/coverage')).json();
    const expectedDrift = (await lone.inject('/__mock/drift')).json();
    expect(expected.summary.requests).toBe(12);
    expect(expectedDrift.summary.driftingAnswers).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      expect(await (await admin('GET', '/__mock/coverage?session=cov')).json()).toEqual(expected);
      expect(await (await admin('GET', '/__mock/coverage')).json()).toEqual(expectedOverall);
      expect(await (await admin('GET', '/__mock/drift')).json()).toEqual(expectedDrift);
    }
    // Forgotten through one replica, for the fleet.
    expect((await admin('DELETE', '/__mock/coverage')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect(((await (await admin('GET', '/__mock/coverage')).json()) as Report).summary.requests).toBe(0);
  });

  // Last: it takes a replica away.
  it('a replica killed with kill -9 loses nothing it recorded: a flush through another writes it once', async () => {
    for (let id = 1; id <= 6; id++) expect((await viaFleet('killed', 'POST', '/plants', { id, name: `killed-${id}` })).status).toBe(200);
    // Appended as each answer was sent: all six in the store before the kill.
    const redis = new Redis(store.url);
    try {
      await eventually(async () => (await redis.llen('share:r:recording-killed')) === 6);
    } finally {
      redis.disconnect();
    }
    (replicas[0] as RunningCli).child.kill('SIGKILL');
    let files: { name: string; exchanges: number }[] | undefined;
    // The balancer may still send a request to the dead replica: asked again until a live one answers.
    for (let attempt = 0; attempt < 10 && files === undefined; attempt++) {
      const response = await admin('POST', '/__mock/recordings/flush').catch(() => undefined);
      if (response?.status === 200) files = ((await response.json()) as { files: { name: string; exchanges: number }[] }).files;
    }
    expect(files?.find((file) => file.name === 'recording-killed')).toEqual({ name: 'recording-killed', exchanges: 6 });
    const text = await readFile(join(recordDir, 'recording-killed.yaml'), 'utf8');
    for (let id = 1; id <= 6; id++) expect(text.split(`killed-${id}`).length - 1).toBeGreaterThan(0);
    // Taken by that flush: the next one writes nothing of it again.
    const again = await admin('POST', '/__mock/recordings/flush');
    if (again.status === 200) expect(((await again.json()) as { files: { name: string }[] }).files).toEqual([]);
  });
});

interface Report {
  readonly summary: { readonly requests: number };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
