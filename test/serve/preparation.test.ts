import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();

const CRUD = fileURLToPath(new URL('../fixtures/plantstore-crud.yaml', import.meta.url));

interface Health {
  status: string;
  ready: boolean;
  prepared: { operations: number; of: number };
}

async function health(server: Awaited<ReturnType<typeof mockServer>>): Promise<Health> {
  return (await server.inject({ url: '/__mock/health' })).json() as Health;
}

describe('preparing every operation before its first call', () => {
  it('starts once listening, and health says when every operation is prepared', async () => {
    const server = await mockServer({ spec: CRUD });
    const before = await health(server);
    // Live, not yet ready: nothing is prepared until the server listens (or --warm).
    expect(before).toMatchObject({ status: 'ok', ready: false, prepared: { operations: 0 } });
    expect(before.prepared.of).toBeGreaterThan(3);
    await server.listen();
    await eventually(async () => (await health(server)).ready, 10_000);
    const after = await health(server);
    expect(after.prepared.operations).toBe(after.prepared.of);
  });

  it('/__mock/health/ready says 503 NOT_READY while preparing, then 200; a server that never listens is ready', async () => {
    const server = await mockServer({ spec: manyOperations(300) });
    expect((await server.inject('/__mock/health/ready')).statusCode).toBe(200);
    await server.listen();
    const preparing = await server.inject('/__mock/health/ready');
    expect([preparing.statusCode, preparing.headers['retry-after'], preparing.headers['x-mock-error']]).toEqual([503, '1', 'NOT_READY']);
    expect(preparing.json().message).toMatch(/^Still preparing: \d+ of 300 operations ready/);
    await eventually(async () => (await server.inject('/__mock/health/ready')).statusCode === 200, 60_000);
    expect((await health(server)).ready).toBe(true);
  }, 90_000);

  it('with warm, is done before the server is handed over', async () => {
    const server = await mockServer({ spec: CRUD, warm: true });
    const ready = await health(server);
    expect(ready.ready).toBe(true);
    expect(ready.prepared.operations).toBe(ready.prepared.of);
  });

  it('with several documents, counts the operations of all', async () => {
    const orders = fileURLToPath(new URL('../fixtures/multi/orders.yaml', import.meta.url));
    const server = await mockServer({ spec: [CRUD, orders], warm: true });
    const answer = (await server.inject({ url: '/__mock/health' })).json() as Health & { documents: { operations: number }[] };
    expect(answer.ready).toBe(true);
    expect(answer.prepared.of).toBe(answer.documents.reduce((sum, d) => sum + d.operations, 0));
    expect(answer.prepared.operations).toBe(answer.prepared.of);
  });

  it('records nothing and answers nothing: journal, coverage and stored records as a server that prepared nothing', async () => {
    const options = { spec: CRUD, stateful: true };
    const warm = await mockServer({ ...options, warm: true });
    const cold = await mockServer(options);
    expect((await warm.inject({ url: '/__mock/journal' })).json()).toEqual((await cold.inject({ url: '/__mock/journal' })).json());
    expect(warm.coverage().summary.requests).toBe(0);
    // No rehearsed POST created a record.
    expect((await warm.inject({ url: '/__mock/state' })).json()).toEqual((await cold.inject({ url: '/__mock/state' })).json());
    const list = await warm.inject({ url: '/plants', headers: AUTH });
    expect(list.body).toBe((await cold.inject({ url: '/plants', headers: AUTH })).body);
  });

  it('draws nothing from the seeded generator: the same answers as a server that prepared nothing', async () => {
    const options = { spec: CRUD, seed: 7, dynamic: true };
    const warm = await mockServer({ ...options, warm: true });
    const cold = await mockServer(options);
    const body = JSON.stringify({ name: 'Fern', tag: 'shade' });
    for (const server of [warm, cold]) {
      await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: body });
    }
    const [a, b] = await Promise.all(
      [warm, cold].map((server) => server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: body })),
    );
    expect(a?.body).toBe(b?.body);
  });
});

/** A document of `count` operations, each with a JSON body to validate: more than one slice of preparation. */
function manyOperations(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const body = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', example: `n${i}` }, size: { type: 'integer' } },
    };
    paths[`/things${i}`] = {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: body } } },
        responses: { '201': { description: 'made', content: { 'application/json': { schema: body } } } },
      },
    };
  }
  const file = join(tmpdir(), `many-operations-${count}-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'many', version: '1' }, paths }));
  return file;
}
