import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();

const CRUD = fileURLToPath(new URL('../fixtures/plantstore-crud.yaml', import.meta.url));
const KIB = 1024;
const MIB = 1024 * KIB;
const plant = (id: number, size: number) => JSON.stringify({ id, name: 'x'.repeat(size) });

describe('stored data is bounded in bytes', () => {
  it('answers 507 once a session holds --max-state-bytes of records, and frees what is deleted or reset', async () => {
    const server = await mockServer({ spec: CRUD, stateful: true, maxStateBytes: 4 * MIB, maxTotalStateBytes: 64 * MIB });
    const create = (id: number, session = 'a') =>
      server.inject({
        method: 'POST',
        url: '/plants',
        headers: { ...JSON_BODY, 'x-mock-session': session },
        payload: plant(id, 512 * KIB),
      });
    const statuses: number[] = [];
    for (let id = 1; id <= 10; id++) statuses.push((await create(id)).statusCode);
    expect(statuses.filter((s) => s === 201 || s === 200)).toHaveLength(7);
    const refused = await create(11);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({ error: 50702 });
    expect(refused.json().message).toContain('the session');
    expect((await create(1, 'b')).statusCode).toBeLessThan(300); // another session has its own budget
    const auth = { authorization: JSON_BODY.authorization, 'x-mock-session': 'a' };
    expect((await server.inject({ method: 'DELETE', url: '/plants/1', headers: auth })).statusCode).toBeLessThan(300);
    expect((await create(12)).statusCode).toBeLessThan(300);
    await server.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: { 'content-type': 'application/json' },
      payload: '{"session": "a"}',
    });
    for (let id = 20; id < 27; id++) expect((await create(id)).statusCode).toBeLessThan(300);
  });

  it('bounds all sessions together by --max-total-state-bytes', async () => {
    const server = await mockServer({ spec: CRUD, stateful: true, maxStateBytes: 4 * MIB, maxTotalStateBytes: 6 * MIB });
    const statuses: number[] = [];
    for (let id = 1; id <= 16; id++) {
      const headers = { ...JSON_BODY, 'x-mock-session': `s${id}` };
      statuses.push((await server.inject({ method: 'POST', url: '/plants', headers, payload: plant(id, 512 * KIB) })).statusCode);
    }
    expect(statuses.filter((s) => s < 300)).toHaveLength(11);
    expect(statuses.slice(11).every((s) => s === 507)).toBe(true);
  });

  it('bounds the bodies a scenario stores in the default session, which never expires', async () => {
    const server = await mockServer({ maxStateBytes: 4 * MIB });
    const headers = { ...JSON_BODY, 'x-mock-scenario': 'happy-path' };
    const statuses: number[] = [];
    for (let id = 1; id <= 12; id++)
      statuses.push((await server.inject({ method: 'POST', url: '/plants', headers, payload: plant(id, 512 * KIB) })).statusCode);
    expect(statuses.slice(0, 7).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(8).every((s) => s === 507)).toBe(true);
  });

  it('keeps the process within the budget plus a margin over many creates of 1 MiB', async () => {
    const server = await mockServer({ spec: CRUD, stateful: true, maxStateBytes: 8 * MIB, maxTotalStateBytes: 32 * MIB, journalSize: 10 });
    const before = process.memoryUsage().rss;
    let refused = 0;
    for (let id = 1; id <= 100; id++) {
      const headers = { ...JSON_BODY, 'x-mock-session': `s${id % 8}` };
      const response = await server.inject({ method: 'POST', url: '/plants', headers, payload: plant(id, MIB - 64) });
      if (response.statusCode === 507) refused++;
    }
    expect(refused).toBeGreaterThan(60);
    globalThis.gc?.();
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * MIB + 200 * MIB);
  }, 60_000);
});
