import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { importTraffic } from '../../src/import/import-traffic.js';
import { createMockServer, type MockServer } from '../../src/index.js';
import { handHar } from '../support/har.js';

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
    const har = handHar([
      {
        url: 'https://api.example.com/plants/1',
        requestHeaders: [
          { name: 'Authorization', value: 'Bearer real-secret-token-abcdef' },
          { name: ':authority', value: 'x' },
        ],
        status: 200,
        body: '{"name":"Aloe","password":"hunter2"}',
        responseHeaders: [
          { name: 'Content-Encoding', value: 'gzip' },
          { name: 'Set-Cookie', value: 'sid=abcdefghijklmnop' },
        ],
      },
      { url: 'https://api.example.com/plants/2', status: 200, body: '{"name":42}' },
    ]);
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

  it('routes under the servers` base paths and to each mounted document, one file per document', async () => {
    const dir = await tempDir();
    const file = join(dir, 'shop.har');
    await writeFile(
      file,
      JSON.stringify(
        handHar([
          { url: 'https://api.example.com/shop/orders/5', status: 200, body: '{"id":5,"item":"pot"}' },
          { url: 'https://api.example.com/ship/parcels/p1', status: 200, body: '{"id":"p1"}' },
          { url: 'https://api.example.com/elsewhere/1', status: 200, body: '{}' },
        ]),
      ),
    );
    const orders = 'test/fixtures/multi/orders.yaml';
    const lone = await importTraffic({ spec: orders }, { file, out: join(dir, 'lone'), onContractOnly: false });
    expect(lone.files).toEqual([{ file: join(dir, 'lone', 'import-shop.yaml'), exchanges: 1 }]);
    expect(lone.unmatched).toHaveLength(2);

    const several = await importTraffic(
      { spec: [orders, '/ship=test/fixtures/multi/shipping.yaml'] },
      { file, out: join(dir, 'several'), onContractOnly: false },
    );
    expect(several.unmatched).toEqual(['GET /elsewhere/1 (entry 3): no operation of the document has this path']);
    expect(several.files.map((f) => f.file).sort()).toEqual([
      join(dir, 'several', 'orders-import-shop.yaml'),
      join(dir, 'several', 'shipping-import-shop.yaml'),
    ]);
    const shipping = parse(await readFile(join(dir, 'several', 'shipping-import-shop.yaml'), 'utf8')) as { spec: string; rules: unknown[] };
    expect(shipping.spec).toBe('shipping');
    expect(shipping.rules).toEqual([
      { operation: 'getParcel', respond: { status: 200, headers: { 'content-type': 'application/json' }, body: { id: 'p1' } } },
    ]);
  });
});
