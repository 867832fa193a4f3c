/**
 * Memory bounded in bytes (issue 23): CREATES creates of 1 MiB records (default 6000) into a stateful
 * mock with the default budgets (64 MiB per session, 512 MiB in all), spread over 16 sessions, in
 * process through inject(). Prints the RSS before, the highest seen, and how many creates were
 * refused with 507. The goal: RSS stays under the whole-server budget plus 200 MB, and every create
 * beyond the budget gets the error. `CREATES=1000 npm run bench:state-budget` for a shorter run.
 */
import { fileURLToPath } from 'node:url';
import { createMockServer } from '../../src/index.js';

const CREATES = Number(process.env.CREATES ?? 6000);
const MIB = 1024 * 1024;
const spec = fileURLToPath(new URL('../../test/fixtures/plantstore-crud.yaml', import.meta.url));
const mock = await createMockServer({ spec, stateful: true, bodyLimit: 2 * MIB });
const name = 'x'.repeat(MIB - 64);
const before = process.memoryUsage().rss;
let peak = before;
const statuses = new Map<number, number>();
for (let id = 1; id <= CREATES; id++) {
  const response = await mock.inject({
    method: 'POST',
    url: '/plants',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json', 'x-mock-session': `s${id % 16}` },
    payload: `{"id":${id},"name":"${name}"}`,
  });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  if (id % 100 === 0) peak = Math.max(peak, process.memoryUsage().rss);
}
await mock.close();
const mb = (bytes: number) => `${Math.round(bytes / MIB)} MiB`;
console.log(`creates: ${CREATES}; answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
console.log(`rss before: ${mb(before)}; peak: ${mb(peak)}; budget 512 MiB + 200 MB = ${mb(512 * MIB + 200 * 1e6)}`);
