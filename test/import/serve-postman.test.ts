import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { type RunningCli, startCli } from '../support/cli.js';

const COLLECTION = new URL('./fixtures/plants.postman_collection.json', import.meta.url).pathname;
const bearer = { authorization: 'Bearer any-token' };
let server: MockServer | undefined;
let dir: string | undefined;
let cli: RunningCli | undefined;
afterEach(async () => {
  await server?.close();
  cli?.child.kill();
  cli = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a Postman collection served as the document, as Prism serves one', () => {
  it('answers each request with its saved examples, routes path variables and asks for the auth the collection sends', async () => {
    server = await createMockServer({ spec: COLLECTION });
    const aloe = await server.inject({ method: 'GET', url: '/plants/12', headers: bearer });
    expect([aloe.statusCode, aloe.headers['content-type'], aloe.json()]).toEqual([
      200,
      'application/json; charset=utf-8',
      { name: 'Aloe vera', tag: 'succulent' },
    ]);
    const missing = await server.inject({ method: 'GET', url: '/plants/12', headers: { ...bearer, prefer: 'code=404' } });
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 40401, message: 'No plant 999' }]);
    expect((await server.inject({ method: 'DELETE', url: '/plants/3', headers: bearer })).statusCode).toBe(204);
    expect((await server.inject({ method: 'GET', url: '/plants/12' })).statusCode).toBe(401);
    // A query parameter the saved request sends is required, as Prism reads it.
    expect((await server.inject({ method: 'GET', url: '/plants', headers: bearer })).statusCode).toBe(400);
    expect((await server.inject({ method: 'GET', url: '/plants?limit=5', headers: bearer })).statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/gardens', headers: bearer })).statusCode).toBe(200);
    expect((await server.inject({ method: 'PUT', url: '/gardens', headers: bearer })).statusCode).toBe(405);
  });

  it('is served by the built CLI, which loads the Postman reader from node_modules only then', async () => {
    cli = await startCli(['--spec', COLLECTION, '--log-level', 'warn']);
    const answer = await fetch(`${cli.url}/plants/12`, { headers: bearer });
    expect([answer.status, await answer.json()]).toEqual([200, { name: 'Aloe vera', tag: 'succulent' }]);
  });

  it('judges a JSON body by the schema inferred from the saved one', async () => {
    dir = await mkdtemp(join(tmpdir(), 'serve-postman-'));
    const spec = join(dir, 'orders.json');
    const json = { 'Content-Type': 'application/json' };
    await writeFile(
      spec,
      JSON.stringify({
        info: { name: 'Orders', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [
          {
            name: 'Create order',
            request: {
              method: 'POST',
              header: [{ key: 'Content-Type', value: 'application/json' }],
              body: { mode: 'raw', raw: '{"sku":"A-1","quantity":2}' },
              url: { raw: 'http://localhost/orders', path: ['orders'] },
            },
            response: [{ name: 'Created', code: 201, header: [{ key: 'Content-Type', value: 'application/json' }], body: '{"id":"o-1"}' }],
          },
        ],
      }),
    );
    server = await createMockServer({ spec });
    const ok = await server.inject({ method: 'POST', url: '/orders', headers: json, payload: '{"sku":"B-2","quantity":1}' });
    expect([ok.statusCode, ok.json()]).toEqual([201, { id: 'o-1' }]);
    const wrong = await server.inject({ method: 'POST', url: '/orders', headers: json, payload: '{"sku":"B-2","quantity":"one"}' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatch(/quantity/);
  });

  it('refuses a document that is neither OpenAPI nor a collection, naming both', async () => {
    dir = await mkdtemp(join(tmpdir(), 'serve-postman-'));
    const spec = join(dir, 'other.json');
    await writeFile(spec, '{"item": "not a list", "info": {"name": "x"}}');
    await expect(createMockServer({ spec })).rejects.toThrow(/not an OpenAPI document.*nor is it a Postman collection/);
  });
});
