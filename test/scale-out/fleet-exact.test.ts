/**
 * What a fleet must do exactly as one mock (issue 42 item 2), in `npm run test:fleet`: there every
 * `createMockServer()` of this file is three replicas sharing one Redis behind HAProxy
 * (test/support/fleet.ts); a lone mock made from the package entry itself is the reference. Run
 * alone (`vitest run`), both are lone mocks and the same cases hold.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// The package entry, spelt apart from the specifier the fleet config replaces: always one server.
import { createMockServer as createLone } from '../../src/./index.js';
import { createMockServer, type MockServer } from '../../src/index.js';
import { JSON_BODY } from '../support/servers.js';
import { startUpstream } from '../support/upstream.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

interface Entry {
  readonly session?: string;
  readonly durationMs: number;
}

/** The journal's waits of a session's answers, in the order they were sent. */
async function waits(server: MockServer, session: string): Promise<number[]> {
  const journal = (await server.inject(`/__mock/journal?session=${session}`)).json() as { entries: Entry[] };
  return journal.entries.map((entry) => entry.durationMs);
}

describe('a fleet draws as one mock', () => {
  it("--delay ranges wait the same for a session's k-th call of an operation, whichever replica answers", async () => {
    const options = { delay: '0-2000', seed: 11 };
    const fleet = await createMockServer(options);
    servers.push(fleet);
    const lone = await createLone(options);
    servers.push(lone);
    const send = async (server: MockServer) => {
      for (let i = 0; i < 6; i++) {
        const headers = { ...JSON_BODY, 'x-mock-session': 'waits' };
        const created = await server.inject({ method: 'POST', url: '/plants', headers, payload: { id: i, name: 'Fern' } });
        expect(created.statusCode).toBe(200);
      }
    };
    await Promise.all([send(fleet), send(lone)]);
    const [fleetWaits, loneWaits] = await Promise.all([waits(fleet, 'waits'), waits(lone, 'waits')]);
    expect(fleetWaits).toHaveLength(6);
    // Draws spread over the range; each call waits what the lone mock's call of the same rank waited
    // (a replica's own sequence would repeat its first draws on each replica).
    expect(Math.max(...loneWaits) - Math.min(...loneWaits)).toBeGreaterThan(500);
    for (const [i, ms] of fleetWaits.entries()) expect(Math.abs(ms - (loneWaits[i] as number))).toBeLessThan(350);
  });
});

describe('a fleet records once', () => {
  it('--record writes each exchange once, whichever replica proxied it and however many replicas flush or close', async () => {
    const upstream = await startUpstream();
    const dir = await mkdtemp(join(tmpdir(), 'psm-fleet-record-'));
    try {
      const fleet = await createMockServer({ spec: 'test/fixtures/proxy-store.yaml', proxy: `${upstream.url}/v1`, record: dir });
      const post = (id: number) =>
        fleet.inject({
          method: 'POST',
          url: '/plants',
          headers: { ...JSON_BODY, 'x-mock-session': 'rec' },
          payload: JSON.stringify({ id, name: `fleet-plant-${id}` }),
        });
      for (let id = 1; id <= 9; id++) expect((await post(id)).statusCode).toBe(200);
      const flushed = await fleet.inject({ method: 'POST', url: '/__mock/recordings/flush' });
      expect(flushed.statusCode).toBe(200);
      expect(flushed.json().files).toEqual([{ name: 'recording-rec', exchanges: 9 }]);
      for (let id = 10; id <= 12; id++) expect((await post(id)).statusCode).toBe(200);
      // Every replica flushes as it closes: what the others took is not written again.
      expect((await fleet.close()).unsaved).toEqual([]);
      const names = (await readdir(dir)).filter((name) => name.endsWith('.yaml'));
      const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
      for (let id = 1; id <= 12; id++) {
        const holding = texts.filter((text) => text.includes(`fleet-plant-${id}\n`) || text.includes(`fleet-plant-${id}"`));
        expect(holding, `fleet-plant-${id}`).toHaveLength(1);
      }
      expect(texts.join('\n').match(/operation: createPlant/g)).toHaveLength(12);
    } finally {
      await upstream.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
