// What counting contract coverage costs per request, in-process: N inject() calls of a valid
// POST /plants with the coverage model recording and N with its record() stubbed out, interleaved in
// blocks, the median of the rounds kept. Not the bench (no sockets, one process): a rough check that counting stays cheap.
// Usage: npx tsx scripts/bench/coverage-cost.ts [requests=100000] [rounds=3]
import { DataGenerator } from '../../src/generate/data-generator.js';
import { buildApp } from '../../src/http/build-app.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { resolveOptions } from '../../src/options.js';

const requests = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);
const request = {
  method: 'POST' as const,
  url: '/plants',
  headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
  payload: '{"id": 1, "name": "Monstera deliciosa", "tag": "tropical"}',
};

const options = resolveOptions({});
const { app, mock } = await buildApp({ options, spec: await loadSpec(options.spec), generator: new DataGenerator(1) });
await app.ready();
// record() is always an own property (the real one or a no-op), so switching does not change the object's shape.
const model = mock.documents[0]?.coverage as unknown as { record: (...args: unknown[]) => void };
const record = model.record.bind(model);
const noop = () => {};
/** Requests per block; on and off alternate block by block, so a machine busy with other work weighs on both alike. */
const BLOCK = 10_000;

async function block(counting: boolean, count: number): Promise<number> {
  model.record = counting ? record : noop;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const response = await app.inject(request);
    if (response.statusCode !== 200) throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
  }
  return performance.now() - started;
}

/** One round: `requests` with counting and `requests` without, interleaved; µs per request of each. */
async function round(): Promise<[number, number]> {
  let on = 0;
  let off = 0;
  for (let done = 0; done < requests; done += BLOCK) {
    const count = Math.min(BLOCK, requests - done);
    off += await block(false, count);
    on += await block(true, count);
  }
  return [(on * 1000) / requests, (off * 1000) / requests];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
await block(true, 20_000); // warm-up: compile the hot path before measuring either way
await block(false, 20_000);
const on: number[] = [];
const off: number[] = [];
for (let i = 0; i < rounds; i++) {
  const [withCounting, without] = await round();
  on.push(withCounting);
  off.push(without);
}
const [withCounting, without] = [median(on), median(off)];
console.log(`${requests} requests each way x ${rounds} rounds, median µs per request:`);
console.log(`  without coverage counting: ${without.toFixed(2)}`);
console.log(`  with coverage counting:    ${withCounting.toFixed(2)} (${(withCounting - without).toFixed(2)} µs more)`);
await app.close();
