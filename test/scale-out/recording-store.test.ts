/** The fleet's recording buffers in a real Valkey/Redis server (src/store/recording-store.ts), script by script, and two replicas recording. */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { recordingStore } from '../../src/store/recording-store.js';
import { connectStore, type SharedStore } from '../../src/store/shared-store.js';
import { startCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { canRun, STORE_SERVER, type StoreServer, startStoreServer } from '../support/infrastructure.js';
import { JSON_BODY } from '../support/servers.js';
import { startUpstream } from '../support/upstream.js';

const LIMITS = { entriesPerFile: 3, bytesPerFile: 10_000, files: 2, sessionBytes: 1_000, totalBytes: 1_500 };

describe.runIf(canRun(STORE_SERVER))('recording buffers in the store', () => {
  let server: StoreServer;
  const stores: SharedStore[] = [];
  beforeAll(async () => {
    server = await startStoreServer();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await server?.stop();
  });
  let prefixes = 0;
  const open = async (prefix = `rec-${prefixes++}:`) => {
    const store = await connectStore({ url: server.url, prefix, idleMs: 60_000, warn: () => undefined });
    stores.push(store);
    return store;
  };
  const append = (store: SharedStore, file: string, text: string, session = 's') =>
    store.appendRecording({ file, session, kind: 'x', text, digest: text }, LIMITS);

  it('keeps appends in order of arrival; one take of two racing gets them, the next part starts', async () => {
    const a = await open('rec-race:');
    const b = await open('rec-race:');
    for (const text of ['one', 'two', 'three']) expect(await append(text === 'two' ? b : a, 'f', text)).toEqual({ part: 1 });
    expect(await append(a, 'f', 'two')).toBe('same');
    const [first, second] = await Promise.all([a.takeRecordings({}), b.takeRecordings({})]);
    const taken = [...(first ?? []), ...(second ?? [])];
    expect(taken).toEqual([{ file: 'f', part: 1, session: 's', entries: ['xone', 'xtwo', 'xthree'], lease: 'f 1 s' }]);
    // Taken, its digests went too: the same exchange goes in the next part.
    expect(await append(b, 'f', 'two')).toEqual({ part: 2 });
    expect(await a.takeRecordings({ files: ['f', 'none'] })).toEqual([
      { file: 'f', part: 2, session: 's', entries: ['xtwo'], lease: 'f 2 s' },
    ]);
    expect(await a.takeRecordings({})).toEqual([]);
  });

  it('bounds a file, the files held, the session budget and the total, as the session data counts', async () => {
    const store = await open();
    for (const text of ['a', 'b', 'c']) await append(store, 'full', text);
    expect(await append(store, 'full', 'd')).toBe('full');
    // HAR entries are counted apart from the scenario file's exchanges.
    expect(await store.appendRecording({ file: 'full', session: 's', kind: 'h', text: '{}' }, LIMITS)).toEqual({ part: 1 });
    expect(await append(store, 'second', 'x', 't')).toEqual({ part: 1 });
    expect(await append(store, 'third', 'x', 'u')).toBe('files');
    await store.takeRecordings({});
    expect(await append(store, 'one', 'y'.repeat(600), 'v')).toEqual({ part: 1 });
    expect(await append(store, 'one', 'Y'.repeat(600), 'v')).toEqual({ over: 'the session', limit: 1_000 });
    expect(await append(store, 'two', 'y'.repeat(600), 'w')).toEqual({ part: 1 });
    expect(await append(store, 'two', 'z'.repeat(400), 'w')).toEqual({ over: 'all sessions', limit: 1_500 });
    // Taking frees the bytes.
    expect((await store.takeRecordings({ files: ['one'] })).map((t) => t.file)).toEqual(['one']);
    expect(await append(store, 'two', 'z'.repeat(300), 'w')).toEqual({ part: 1 });
  });

  it("counts a session's recording buffers in its budget when it writes records, as appends count its records", async () => {
    const store = await connectStore({ url: server.url, prefix: 'rec-both:', idleMs: 60_000, sessionBytes: 1_000, warn: () => undefined });
    stores.push(store);
    const record = (key: string, bytes: number) =>
      store.insertRecord('v', false, { collection: '/p', key, assign: '', json: `{"id":${key}}`, bytes, made: 0 }, 10, '');
    expect(await append(store, 'v-file', 'y'.repeat(600), 'v')).toEqual({ part: 1 });
    expect(await record('1', 500)).toEqual(['over-budget', 'the session']);
    expect(await record('2', 300)).toEqual(['created', '2']);
    expect(await append(store, 'v-file', 'z'.repeat(200), 'v')).toEqual({ over: 'the session', limit: 1_000 });
    // Written (taken), the buffer's bytes are the session's no more.
    expect((await store.takeRecordings({ files: ['v-file'] })).map((t) => t.file)).toEqual(['v-file']);
    expect(await record('1', 500)).toEqual(['created', '1']);
    expect((await store.load('v')).recorded).toBe(0);
    expect(await append(store, 'v-file', 'w'.repeat(100), 'v')).toEqual({ part: 2 });
    expect((await store.load('v')).recorded).toBe(100);
  });

  it('a replica killed with kill -9 between taking a part and writing it loses nothing: its lease runs out, a later flush writes it', async () => {
    const upstream = await startUpstream();
    const [lost, kept] = [await mkdtemp(join(tmpdir(), 'psm-lease-a-')), await mkdtemp(join(tmpdir(), 'psm-lease-b-'))];
    const shared = ['--store', server.url, '--store-prefix', 'rec-lease', '--session-idle-timeout', '2000'];
    const replica = await startCli([
      '--spec',
      'test/fixtures/proxy-store.yaml',
      '--proxy',
      `${upstream.url}/v1`,
      '--record',
      lost,
      ...shared,
    ]);
    const other = await createMockServer({
      spec: 'test/fixtures/proxy-store.yaml',
      proxy: `${upstream.url}/v1`,
      record: kept,
      store: server.url,
      storePrefix: 'rec-lease',
      sessionIdleTimeout: 2000,
    });
    try {
      for (let id = 1; id <= 3; id++) {
        const headers = { ...JSON_BODY, 'x-mock-session': 'lease' };
        const body = JSON.stringify({ id, name: `leased-${id}` });
        expect((await fetch(`${replica.url}/plants`, { method: 'POST', headers, body })).status).toBe(200);
      }
      // Its directory made unwritable (a file in its place): the flush takes the part and cannot write it.
      await rm(lost, { recursive: true, force: true });
      await writeFile(lost, '');
      expect((await fetch(`${replica.url}/__mock/recordings/flush`, { method: 'POST' })).status).toBeGreaterThanOrEqual(500);
      replica.child.kill('SIGKILL');
      await replica.exited();
      const flush = async () => (await other.inject({ method: 'POST', url: '/__mock/recordings/flush' })).json().files;
      // Once its lease ran out, the other replica writes it: by a flush, or by its idle sweep first.
      const path = join(kept, 'recording-lease.yaml');
      await eventually(async () => {
        await flush();
        return (await readFile(path, 'utf8').catch(() => '')).includes('leased-3');
      }, 15_000);
      const text = await readFile(path, 'utf8');
      for (let id = 1; id <= 3; id++) expect(text).toContain(`leased-${id}`);
      // Written, its lease ended: nobody writes it again.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await flush()).toEqual([]);
      expect(await readdir(kept)).toEqual(['recording-lease.yaml']);
    } finally {
      replica.child.kill('SIGKILL');
      await other.close();
      await upstream.close();
      await rm(lost, { recursive: true, force: true });
      await rm(kept, { recursive: true, force: true });
    }
  });

  it('takes buffers larger than one reply in parts: a take that outgrows the command timeout loses nothing', async () => {
    // One 60 MB reply outlasts the timeout (~6 ms a MB here): the script ran, all was taken and lost with
    // the reply. Calls of a file each fit in it many times over; a tighter timeout failed appends at load 18.
    const client = new Redis(server.url, { commandTimeout: 300, maxRetriesPerRequest: 0 });
    try {
      const store = recordingStore(client, 'rec-big:', 256 * 1024);
      const limits = { entriesPerFile: 10, bytesPerFile: 768 * 1024, files: 400, sessionBytes: 2 ** 40, totalBytes: 2 ** 40 };
      const text = 'x'.repeat(500 * 1024);
      for (let file = 0; file < 120; file++)
        await store.appendRecording({ file: `f${file}`, session: `s${file}`, kind: 'x', text }, limits);
      const taken = await store.takeRecordings({});
      expect(taken.map((one) => one.file).sort()).toEqual(Array.from({ length: 120 }, (_, file) => `f${file}`).sort());
      expect(taken.every((one) => one.entries.length === 1 && one.entries[0]?.length === text.length + 1)).toBe(true);
      expect(await client.get('rec-big:rt')).toBe('0');
      // The named files are taken in parts too, each once.
      for (const file of ['a', 'b', 'c']) await store.appendRecording({ file, session: file, kind: 'x', text }, limits);
      expect((await store.takeRecordings({ files: ['a', 'none', 'b', 'c'] })).map((one) => one.file)).toEqual(['a', 'b', 'c']);
    } finally {
      client.disconnect();
    }
  });

  it("keeps a file's part and bytes while its buffer is held; they outlive a take by a day", async () => {
    const client = new Redis(server.url, { maxRetriesPerRequest: 0 });
    try {
      const store = recordingStore(client, 'rec-meta:');
      const limits = { ...LIMITS, sessionBytes: 2 ** 40, totalBytes: 2 ** 40 };
      await store.appendRecording({ file: 'f', session: 's', kind: 'x', text: 'one' }, limits);
      // An append a day ago would otherwise leave the buffer behind a forgotten part and byte count.
      expect(await client.pttl('rec-meta:rm:f')).toBe(-1);
      await store.takeRecordings({});
      expect(await client.pttl('rec-meta:rm:f')).toBeGreaterThan(23 * 3600 * 1000);
      await store.appendRecording({ file: 'f', session: 's', kind: 'x', text: 'two' }, limits);
      expect(await client.pttl('rec-meta:rm:f')).toBe(-1);
      expect((await store.takeRecordings({}))[0]?.part).toBe(2);
    } finally {
      client.disconnect();
    }
  });

  it('takes only the files nothing was appended to for the idle time', async () => {
    const store = await open();
    await append(store, 'old', 'x');
    await new Promise((resolve) => setTimeout(resolve, 60));
    await append(store, 'new', 'x');
    expect((await store.takeRecordings({ idleMs: 40 })).map((t) => t.file)).toEqual(['old']);
    expect((await store.takeRecordings({})).map((t) => t.file)).toEqual(['new']);
  });

  it("a session's spent budget writes its file and records on in the next part; every exchange on disk once", async () => {
    const upstream = await startUpstream();
    const dir = await mkdtemp(join(tmpdir(), 'psm-fleet-budget-'));
    const warnings: string[] = [];
    const logStream = { write: (line: string) => warnings.push(line) } as unknown as NodeJS.WritableStream;
    const options = {
      spec: 'test/fixtures/proxy-store.yaml',
      proxy: `${upstream.url}/v1`,
      record: dir,
      store: server.url,
      storePrefix: 'rec-budget',
      maxStateBytes: 2_000,
      logLevel: 'warn' as const,
      logStream,
    };
    const replicas = [await createMockServer(options), await createMockServer(options)];
    try {
      for (let id = 1; id <= 12; id++) {
        const answer = await (replicas[id % 2] as (typeof replicas)[number]).inject({
          method: 'POST',
          url: '/plants',
          headers: { ...JSON_BODY, 'x-mock-session': 'b' },
          payload: JSON.stringify({ id, name: `budget-plant-${id}-${'x'.repeat(200)}` }),
        });
        expect(answer.statusCode).toBe(200);
      }
      for (const replica of replicas) await replica.close();
      const names = (await readdir(dir)).filter((name) => name.endsWith('.yaml')).sort();
      expect(names.length).toBeGreaterThan(1);
      expect(names).toContain('recording-b.part2.yaml');
      const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
      for (let id = 1; id <= 12; id++)
        expect(
          texts.filter((text) => text.includes(`budget-plant-${id}-`)),
          `plant ${id}`,
        ).toHaveLength(1);
      expect(warnings.join('')).toMatch(/reached the state budget of the session \(2000 bytes\): writing recording-b/);
    } finally {
      for (const replica of replicas) await replica.close();
      await upstream.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
