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
