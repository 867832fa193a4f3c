/**
 * Memory bounded in bytes (issue 23): CREATES creates of 1 MiB records (default 6000) into a stateful
 * mock with the default budgets (64 MiB per session, 512 MiB in all), spread over 16 sessions, in
 * process through inject(). Prints the RSS before, the highest seen, and how many creates were
 * refused with 507. The goal: RSS stays under the whole-server budget plus 200 MB, and every create
 * beyond the budget gets the error. RSS is read after a full collection every 100 creates (run with
 * --expose-gc, as the npm script does). `CREATES=1000 npm run bench:state-budget` for a shorter run.
 *
 * In process, the figures include this harness: tsx and the loaded test tooling (a baseline about 60 MiB
 * above the CLI's) and inject()'s own copies of every payload. The goal itself is checked on the built
 * CLI over real sockets by test/security/memory-goal.test.ts (MEMORY_GOAL=1), where the heap holds each
 * stored record once and nothing else grows with the creates.
 */
import { fileURLToPath } from 'node:url';
import { createMockServer } from '../../src/index.js';

const CREATES = Number(process.env.CREATES ?? 6000);
const MIB = 1024 * 1024;
const spec = fileURLToPath(new URL('../../test/fixtures/plantstore-crud.yaml', import.meta.url));
const mock = await createMockServer({ spec, stateful: true, bodyLimit: 2 * MIB });
const name = 'x'.repeat(MIB - 64);
// The first request loads the validators and the admin-free request path: part of the baseline.
const headers = { authorization: 'Bearer t', 'content-type': 'application/json' };
await mock.inject({ method: 'POST', url: '/plants', headers, payload: '{"id":0,"name":"warm-up"}' });
await mock.inject({ method: 'DELETE', url: '/plants/0', headers });
(globalThis as { gc?: () => void }).gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().external;
let heapPeak = heapBefore;
const statuses = new Map<number, number>();
for (let id = 1; id <= CREATES; id++) {
  const response = await mock.inject({
    method: 'POST',
    url: '/plants',
    headers: { ...headers, 'x-mock-session': `s${id % 16}` },
    payload: `{"id":${id},"name":"${name}"}`,
  });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  if (id % 100 === 0) {
    // What the mock holds, not garbage the collector has not got to yet.
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    heapPeak = Math.max(heapPeak, usage.heapUsed + usage.external);
  }
}
await mock.close();
const mb = (bytes: number) => `${Math.round(bytes / MIB)} MiB`;
console.log(`creates: ${CREATES}; answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
console.log(`heap and external before: ${mb(heapBefore)}; peak: ${mb(heapPeak)}`);
console.log(`rss before: ${mb(before)}; peak: ${mb(peak)}; budget 512 MiB + 200 MB = ${mb(512 * MIB + 200 * 1e6)}`);
