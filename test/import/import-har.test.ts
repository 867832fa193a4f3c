import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { importTraffic } from '../../src/import/import-traffic.js';
import { createMockServer, type MockServer } from '../../src/index.js';

const CRUD = new URL('../fixtures/plantstore-crud.yaml', import.meta.url).pathname;
const auth = { authorization: 'Bearer consumer-token-0123456789', 'content-type': 'application/json' };
const servers: MockServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
async function serve(options: Parameters<typeof createMockServer>[0]) {
  const server = await createMockServer(options);
  servers.push(server);
  return server;
}
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'import-har-'));
  dirs.push(dir);
  return dir;
}

const REQUESTS = [
  { method: 'GET', url: '/plants?limit=2' },
  { method: 'GET', url: '/plants/7' },
  { method: 'GET', url: '/plants/8' },
  { method: 'POST', url: '/plants', payload: '{"id":3,"name":"Ficus","tag":"green"}' },
  { method: 'POST', url: '/plants', payload: '{"id":4,"name":"Fern"}' },
] as const;

describe('importing a HAR log', () => {
  it('writes what a replay answers byte for byte, lists what matches nothing or breaks the contract', async () => {
    // Generated answers: a mock without the scenario would answer other bodies.
    const recorded = await serve({ spec: CRUD, dynamic: true, seed: 7 });
    const bodies: string[] = [];
    for (const request of REQUESTS) bodies.push((await recorded.inject({ ...request, headers: auth })).body);
    await recorded.inject({ method: 'GET', url: '/nowhere', headers: auth });
    await recorded.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"name":1}' });
    const dir = await tempDir();
    const file = join(dir, 'shop.har');
    await writeFile(file, (await recorded.inject('/__mock/journal?format=har')).body);

    const report = await importTraffic({ spec: CRUD }, { file, out: join(dir, 'out'), onContractOnly: false });
    expect(report).toMatchObject({
      kind: 'HAR',
      read: 7,
      offContract: 0,
      files: [{ file: join(dir, 'out', 'import-shop.yaml'), exchanges: 5 }],
    });
    expect(report.unmatched).toEqual(['GET /nowhere (entry 6): no operation of the document has this path']);
    expect(report.leftOut).toEqual([
      expect.stringMatching(
        /^POST \/plants \(entry 7\): the request breaks the contract \(INVALID_REQUEST: body.id .*a replay rejects it itself$/,
      ),
    ]);
    const written = await readFile(join(dir, 'out', 'import-shop.yaml'), 'utf8');
    expect(written).toMatch(/^# Imported from shop.har \(HAR\) by plantstore-mock import/);
    expect(written).not.toContain('consumer-token');
    const rules = (parse(written) as { rules: { operation: string; match?: unknown }[] }).rules;
    expect(rules.map((r) => r.operation)).toEqual(['createPlant', 'createPlant', 'getPlant', 'getPlant', 'listPlants']);
    expect(rules[2]?.match).toEqual({ params: { id: { equals: '7' } } });

    const replay = await serve({ spec: CRUD, scenariosDir: join(dir, 'out'), scenario: 'import-shop' });
    for (const [i, request] of REQUESTS.entries()) expect((await replay.inject({ ...request, headers: auth })).body).toBe(bodies[i]);
  });

  it('masks credentials and secrets with the recordings` rule, and marks answers that break the document', async () => {
    const dir = await tempDir();
    const file = join(dir, 'secrets.har');
    const entry = (url: string, status: number, body: string, extra: { name: string; value: string }[] = []) => ({
      startedDateTime: '2026-01-01T00:00:00.000Z',
      time: 1,
      request: {
        method: 'GET',
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [
          { name: 'Authorization', value: 'Bearer real-secret-token-abcdef' },
          { name: ':authority', value: 'x' },
        ],
        queryString: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Content-Encoding', value: 'gzip' }, ...extra],
        content: { size: body.length, mimeType: 'application/json', text: body },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 1, receive: 0 },
    });
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'test', version: '1' },
        entries: [
          entry('https://api.example.com/plants/1', 200, '{"name":"Aloe","password":"hunter2"}', [
            { name: 'Set-Cookie', value: 'sid=abcdefghijklmnop' },
          ]),
          entry('https://api.example.com/plants/2', 200, '{"name":42}'),
        ],
      },
    };
    await writeFile(file, JSON.stringify(har));
    const report = await importTraffic({ spec: CRUD }, { file, out: join(dir, 'out'), onContractOnly: false });
    expect(report.offContract).toBe(1);
    const written = await readFile(join(dir, 'out', 'import-secrets.yaml'), 'utf8');
    expect(written).not.toMatch(/hunter2|abcdefghijklmnop|real-secret/);
    expect(written).toContain('set-cookie: "[redacted]"');
    expect(written).toContain('password: "[redacted]"');
    expect(written).not.toContain('content-encoding');
    expect(written).toMatch(/# The answer in the imported file breaks the document:\n\s+# - contract: .*name/);
    expect(written).toContain('offContract: true');

    const strict = await importTraffic({ spec: CRUD }, { file, out: join(dir, 'strict'), onContractOnly: true, name: 'strict' });
    expect(strict.files).toEqual([{ file: join(dir, 'strict', 'strict.yaml'), exchanges: 1 }]);
    expect(strict.leftOut).toEqual([expect.stringMatching(/^GET \/plants\/2 \(entry 2\): off the contract: contract: /)]);
  });
});
