/**
 * Stateful create/read/update/delete with `--store` against memory (scripts/bench/store-cost.ts): one
 * session holding 1, 100 or 1,000 records (put there by `PUT /__mock/state`), each request one of a
 * cycle of a replace, a read, a create and a delete of the record just created, so the session keeps its
 * size; server CPU per request, the variants interleaved in rounds, medians.
 */
import type { Loader, Request } from './load.js';
import { runLoad } from './load.js';
import type { SpawnedServer } from './servers.js';
import { withCpu } from './servers.js';
import { fixed, median } from './stats.js';

const SPEC = 'test/fixtures/plantstore-crud.yaml';
const SESSION = 'crud';
const HEADERS = { authorization: 'Bearer bench', 'content-type': 'application/json', 'x-mock-session': SESSION };
export const CRUD_SIZES = [1, 100, 1000] as const;

/** The cycle: replace and read an existing record, create a new one and delete it (ids apart per slot). */
function cycle(size: number): Request[] {
  const requests: Request[] = [];
  for (let slot = 0; slot < 10; slot++) {
    const existing = 1 + (slot % size);
    const fresh = 900_000 + slot;
    requests.push(
      { method: 'PUT', path: `/plants/${existing}`, headers: HEADERS, body: JSON.stringify({ name: `Ficus ${slot}`, tag: 'tree' }) },
      { method: 'GET', path: `/plants/${existing}`, headers: HEADERS },
      { method: 'POST', path: '/plants', headers: HEADERS, body: JSON.stringify({ id: fresh, name: 'Aloe', tag: 'succulent' }) },
      { method: 'DELETE', path: `/plants/${fresh}`, headers: HEADERS },
    );
  }
  return requests;
}

async function fill(url: string, size: number): Promise<void> {
  const plants = Array.from({ length: size }, (_, i) => ({ id: i + 1, name: 'Monstera deliciosa', tag: 'tropical' }));
  const answer = await fetch(`${url}/__mock/state?session=${SESSION}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ collections: { '/plants': plants } }),
  });
  if (answer.status !== 200) throw new Error(`filling the session answered ${answer.status}: ${await answer.text()}`);
}

export interface CrudSettings {
  readonly storeUrl: string;
  readonly rounds: number;
  readonly duration: number;
  readonly connections: number;
  readonly loader: Loader;
  readonly start: (args: readonly string[]) => Promise<SpawnedServer>;
}

/** Rows: records in the session, memory and store CPU µs per request, the ratio, req/s of each, non-2xx share. */
export async function crudRows({ storeUrl, rounds, duration, connections, loader, start }: CrudSettings): Promise<string[][]> {
  const variants = { memory: ['--spec', SPEC, '--stateful'], store: ['--spec', SPEC, '--stateful', '--store', storeUrl] };
  const rows: string[][] = [];
  for (const size of CRUD_SIZES) {
    const cpu: Record<string, number[]> = { memory: [], store: [] };
    const rate: Record<string, number[]> = { memory: [], store: [] };
    let odd = 0;
    let total = 0;
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 === 0 ? ['memory', 'store'] : ['store', 'memory']) {
        const server = await start(variants[name as keyof typeof variants]);
        try {
          await fill(server.url, size);
          const requests = cycle(size);
          await runLoad({ url: server.url, mix: 'valid', requests, connections, duration: 1, loader }); // warm-up
          const result = await withCpu(server.child.pid, () =>
            runLoad({ url: server.url, mix: 'valid', requests, connections, duration, loader }),
          );
          cpu[name]?.push(result.cpuUsPerRequest);
          rate[name]?.push(result.reqPerSec);
          odd += result.non2xx;
          total += result.requests;
        } finally {
          await server.stop();
        }
      }
    }
    const [memory, store] = [median(cpu.memory ?? []), median(cpu.store ?? [])];
    rows.push([
      String(size),
      fixed(memory),
      fixed(store),
      `${fixed(store / memory, 2)}x`,
      fixed(median(rate.memory ?? [])),
      fixed(median(rate.store ?? [])),
      `${fixed((100 * odd) / Math.max(1, total), 1)}%`,
    ]);
  }
  return rows;
}

export const CRUD_HEADER = ['records', 'memory µs/req', 'store µs/req', 'store/memory', 'memory req/s', 'store req/s', 'non-2xx'];
