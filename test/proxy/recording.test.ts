import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';
import { startUpstream, type TestUpstream } from '../support/upstream.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const upstreams: TestUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function recordingMock(options: MockServerOptions = {}) {
  const upstream = await startUpstream();
  upstreams.push(upstream);
  const dir = await mkdtemp(join(tmpdir(), 'psm-record-'));
  const server = await mockServer({ spec: SPEC, proxy: `${upstream.url}/v1`, record: dir, ...options });
  return { upstream, server, dir };
}

const post = (server: MockServer, body: unknown, headers: Record<string, string> = {}) =>
  server.inject({ method: 'POST', url: '/plants', headers: { ...JSON_BODY, ...headers }, payload: JSON.stringify(body) });

async function flush(server: MockServer) {
  const response = await server.inject({ method: 'POST', url: '/__mock/recordings/flush' });
  expect(response.statusCode).toBe(200);
  return response.json() as { files: { name: string; exchanges: number }[] };
}

/** The requests of a round trip: two creates that differ in body fields, two reads that differ in the path. */
const REQUESTS = [
  { method: 'POST', url: '/plants', headers: JSON_BODY, payload: JSON.stringify({ id: 1, name: 'Ficus' }) },
  { method: 'POST', url: '/plants', headers: JSON_BODY, payload: JSON.stringify({ id: 2, name: 'Rose', tag: 'red' }) },
  { method: 'GET', url: '/plants/7', headers: JSON_BODY },
  { method: 'GET', url: '/plants/404', headers: JSON_BODY },
] as const;

describe('recording what passes through the proxy (--record)', () => {
  it('writes a scenario file that, replayed without the proxy, answers the recorded requests as the real service did', async () => {
    const { server, dir } = await recordingMock();
    const live = [];
    for (const request of REQUESTS) live.push(await server.inject({ ...request, headers: { ...request.headers } }));
    expect((await flush(server)).files).toEqual([{ name: 'recording', exchanges: 4 }]);
    const text = await readFile(join(dir, 'recording.yaml'), 'utf8');
    expect(text).toContain('operation: createPlant');
    expect(text).toContain('/name:');
    expect(text).not.toContain('offContract');

    const replay = await mockServer({ spec: SPEC, scenariosDir: dir, scenario: 'recording' });
    for (const [i, request] of REQUESTS.entries()) {
      const answer = await replay.inject({ ...request, headers: { ...request.headers } });
      const recorded = live[i] as (typeof live)[number];
      expect(answer.statusCode).toBe(recorded.statusCode);
      expect(answer.json()).toEqual(recorded.json());
      expect(answer.headers['x-request-id']).toBe(recorded.headers['x-request-id']);
    }
  });

  it('never writes credentials: the masked headers, and --redact header names and body pointers', async () => {
    const { server, dir } = await recordingMock({ redact: ['x-request-id', '/tag'] });
    await post(server, { id: 1, name: 'Ficus', tag: 'secret-tag' }, { authorization: 'Bearer very-secret-token-1234' });
    await server.inject({ method: 'GET', url: '/plants/7', headers: JSON_BODY });
    await flush(server);
    const text = await readFile(join(dir, 'recording.yaml'), 'utf8');
    for (const secret of ['very-secret-token', 'secret-tag', 'req-1', 'a=1', 'test-token']) expect(text).not.toContain(secret);
    expect(text).toContain('set-cookie: "[redacted]"');
    expect(text).toContain('x-request-id: "[redacted]"');
  });

  it('records concurrent sessions apart, one file each', async () => {
    const { server, dir } = await recordingMock();
    await Promise.all(
      ['s1', 's2'].flatMap((session) =>
        [1, 2, 3].map((id) => post(server, { id, name: `${session}-plant-${id}` }, { 'x-mock-session': session })),
      ),
    );
    const { files } = await flush(server);
    expect(files.map((f) => [f.name, f.exchanges]).sort()).toEqual([
      ['recording-s1', 3],
      ['recording-s2', 3],
    ]);
    const s1 = await readFile(join(dir, 'recording-s1.yaml'), 'utf8');
    expect(s1).toContain('s1-plant-3');
    expect(s1).not.toContain('s2-plant');
  });

  it('writes the recording of every session pushed out past --max-sessions: every exchange recorded is on disk', async () => {
    const { server, dir } = await recordingMock({ maxSessions: 2 });
    for (let s = 1; s <= 6; s++)
      for (const id of [1, 2]) await post(server, { id, name: `s${s}-plant-${id}` }, { 'x-mock-session': `s${s}` });
    // Sessions 1 and 2 came back: their later exchanges go on in a next part.
    await post(server, { id: 3, name: 's1-plant-3' }, { 'x-mock-session': 's1' });
    await flush(server);
    const texts = await Promise.all((await readdir(dir)).filter((f) => f.endsWith('.yaml')).map((f) => readFile(join(dir, f), 'utf8')));
    for (let s = 1; s <= 6; s++)
      for (const id of [1, 2]) expect(texts.filter((text) => text.includes(`s${s}-plant-${id}`))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('s1-plant-3'))).toHaveLength(1);
    expect(await readFile(join(dir, 'recording-s1.part2.yaml'), 'utf8')).toContain('s1-plant-3');
  });

  it('writes identical exchanges once, and the same file for the same traffic', async () => {
    const { server, dir } = await recordingMock();
    for (let i = 0; i < 3; i++) await post(server, { id: 1, name: 'Ficus' });
    await post(server, { id: 2, name: 'Rose' });
    expect((await flush(server)).files).toEqual([{ name: 'recording', exchanges: 2 }]);
    const first = await readFile(join(dir, 'recording.yaml'), 'utf8');
    await post(server, { id: 1, name: 'Ficus' });
    expect((await flush(server)).files).toEqual([]);
    const again = await recordingMock();
    await post(again.server, { id: 2, name: 'Rose' });
    await post(again.server, { id: 1, name: 'Ficus' });
    await flush(again.server);
    expect(await readFile(join(again.dir, 'recording.yaml'), 'utf8')).toBe(first);
  });

  it('writes a drifting answer offContract: true with its findings, which loads with a warning and replays as sent', async () => {
    const { upstream, server, dir } = await recordingMock();
    upstream.drift = 'wrong-content-type';
    await post(server, { id: 1, name: 'Ficus' });
    upstream.drift = 'missing-field';
    await post(server, { id: 2, name: 'Rose', tag: 'red' });
    await flush(server);
    const text = await readFile(join(dir, 'recording.yaml'), 'utf8');
    expect(text.match(/offContract: true/g)).toHaveLength(2);
    expect(text).toContain("# The real service's answer drifts from the document:");
    expect(text).toMatch(/# - media-type: Content-Type text\/plain is not documented/);

    const warnings: string[] = [];
    const replay = await mockServer({ spec: SPEC, scenariosDir: dir, scenario: 'recording', logLevel: 'warn', logStream: lines(warnings) });
    expect(warnings.join('\n')).toMatch(/rule \d is off the contract/);
    const text1 = await post(replay, { id: 1, name: 'Ficus' });
    expect(text1.headers['content-type']).toMatch(/^text\/plain/);
    expect(text1.body).toBe('created Ficus');
    expect(text1.headers['x-mock-off-contract']).toBeDefined();
    const missing = await post(replay, { id: 2, name: 'Rose', tag: 'red' });
    expect(missing.json()).toEqual({ tag: 'red' });
  });

  it('leaves drifting answers out with --record-on-contract-only', async () => {
    const { upstream, server } = await recordingMock({ recordOnContractOnly: true });
    await post(server, { id: 1, name: 'Ficus' });
    upstream.drift = 'undocumented-status';
    await post(server, { id: 2, name: 'Rose' });
    expect((await flush(server)).files).toEqual([{ name: 'recording', exchanges: 1 }]);
  });

  it('names the one file --record-name gives, and writes pending files when the server closes', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const dir = await mkdtemp(join(tmpdir(), 'psm-record-'));
    const server = await createMockServer({ spec: SPEC, proxy: `${upstream.url}/v1`, record: dir, recordName: 'checkout' });
    await post(server, { id: 1, name: 'Ficus' }, { 'x-mock-session': 'a' });
    await post(server, { id: 2, name: 'Rose' }, { 'x-mock-session': 'b' });
    await server.close();
    expect((await readdir(dir)).sort()).toEqual(['checkout.yaml']);
    expect(await readFile(join(dir, 'checkout.yaml'), 'utf8')).toContain('Rose');
  });

  it('stops start-up with one line when the directory cannot be written, or without --proxy', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'psm-record-')), 'a-file');
    await writeFile(file, '');
    const upstream = await startUpstream();
    upstreams.push(upstream);
    await expect(createMockServer({ spec: SPEC, proxy: `${upstream.url}/v1`, record: join(file, 'sub') })).rejects.toThrow(
      /^cannot write to the --record directory .*a-file\/sub: ENOTDIR$/,
    );
    await expect(createMockServer({ spec: SPEC, record: tmpdir() })).rejects.toThrow(/give --proxy too/);
    await expect(createMockServer({ spec: SPEC, redact: ['/name'] })).rejects.toThrow(/give --record too/);
  });

  it('names the document in each file when the server serves several, and the recording replays on such a server', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const dir = await mkdtemp(join(tmpdir(), 'psm-record-'));
    const spec = [SPEC, '/pets=test/fixtures/pets.yaml'];
    const server = await mockServer({ spec, proxy: `${upstream.url}/v1`, record: dir });
    const live = await post(server, { id: 1, name: 'Ficus' });
    expect((await flush(server)).files).toEqual([{ name: 'proxy-store-recording', exchanges: 1 }]);
    expect(await readFile(join(dir, 'proxy-store-recording.yaml'), 'utf8')).toContain('spec: proxy-store');
    const replay = await mockServer({ spec, scenariosDir: dir, scenario: 'proxy-store-recording' });
    const answer = await post(replay, { id: 1, name: 'Ficus' });
    expect(answer.headers['set-cookie']).toBe('[redacted]');
    expect(answer.json()).toEqual(live.json());
  });

  it('answers the flush endpoint with 400 without --record', async () => {
    const server = await mockServer({ spec: SPEC });
    const response = await server.inject({ method: 'POST', url: '/__mock/recordings/flush' });
    expect(response.statusCode).toBe(400);
  });
});

function lines(into: string[]) {
  return { write: (line: string) => into.push(line) } as unknown as NodeJS.WritableStream;
}
