import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { importTraffic } from '../../src/import/import-traffic.js';
import { createMockServer, type MockServer } from '../../src/index.js';

const CRUD = new URL('../fixtures/plantstore-crud.yaml', import.meta.url).pathname;
const COLLECTION = new URL('./fixtures/plants.postman_collection.json', import.meta.url).pathname;
const auth = { authorization: 'Bearer any-token', 'content-type': 'application/json' };
let replay: MockServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await replay?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('importing a Postman Collection v2.1', () => {
  it('makes saved examples answers and requests without one matchers the mock answers, then replays them', async () => {
    dir = await mkdtemp(join(tmpdir(), 'import-postman-'));
    const out = join(dir, 'out');
    const report = await importTraffic({ spec: CRUD }, { file: COLLECTION, out, onContractOnly: false });
    expect(report).toMatchObject({ kind: 'Postman collection', read: 6, offContract: 0, leftOut: [] });
    expect(report.unmatched).toEqual(['GET /gardens (item "Gardens"): no operation of the document has this path']);
    const text = await readFile(join(out, 'import-plants.yaml'), 'utf8');
    expect(text).not.toMatch(/hunter2|postman-secret-token/);
    const rules = (parse(text) as { rules: { operation: string; match?: unknown; respond?: unknown }[] }).rules;
    expect(rules.find((r) => r.operation === 'listPlants')).toEqual({ operation: 'listPlants', respond: {} });
    expect(rules.filter((r) => r.operation === 'getPlant').map((r) => r.match)).toEqual([
      { params: { id: { equals: '7' } } },
      { params: { id: { equals: '999' } } },
    ]);

    replay = await createMockServer({ spec: CRUD, scenariosDir: out, scenario: 'import-plants' });
    const aloe = await replay.inject({ method: 'GET', url: '/plants/7', headers: auth });
    expect([aloe.statusCode, aloe.body]).toEqual([200, '{"name":"Aloe vera","tag":"succulent"}']);
    const missing = await replay.inject({ method: 'GET', url: '/plants/999', headers: auth });
    expect([missing.statusCode, missing.body]).toEqual([404, '{"error":40401,"message":"No plant 999"}']);
    const created = await replay.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id":5,"name":"Rose"}' });
    expect([created.statusCode, created.body]).toEqual([200, '{"name":"Rose","tag":"flowering"}']);
    expect((await replay.inject({ method: 'DELETE', url: '/plants/3', headers: auth })).statusCode).toBe(204);
    const listed = await replay.inject({ method: 'GET', url: '/plants?limit=2', headers: auth });
    expect(listed.statusCode).toBe(200);
    expect(Array.isArray(listed.json())).toBe(true);
  });

  it('reads a v2.0 collection too, its auth in the older shape', async () => {
    dir = await mkdtemp(join(tmpdir(), 'import-postman-'));
    const collection = {
      info: { name: 'Old', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
      auth: { type: 'bearer', bearer: { token: 'old-secret-token-123456' } },
      item: [
        {
          name: 'Get plant',
          request: { method: 'GET', url: 'http://localhost:4010/plants/12' },
          response: [
            { name: 'Fern', code: 200, header: [{ key: 'Content-Type', value: 'application/json' }], body: '{"name":"Boston fern"}' },
          ],
        },
      ],
    };
    const file = join(dir, 'old.json');
    await writeFile(file, JSON.stringify(collection));
    const report = await importTraffic({ spec: CRUD }, { file, out: join(dir, 'out'), onContractOnly: false });
    expect(report).toMatchObject({ kind: 'Postman collection', read: 1, unmatched: [], leftOut: [], credentialsFilled: 0 });
    replay = await createMockServer({ spec: CRUD, scenariosDir: join(dir, 'out'), scenario: 'import-old' });
    expect((await replay.inject({ method: 'GET', url: '/plants/12', headers: auth })).body).toBe('{"name":"Boston fern"}');
  });
});
