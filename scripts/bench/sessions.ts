/**
 * `npm run bench:sessions`: what live sessions cost. The mock (`--stateful`, bundled Plant Store) first
 * answers a warm-up in the default session; then each of N sessions (1,000 by default) selects a
 * scenario and sends a few creates, so it holds a scenario choice, sequence positions (half of them
 * `fail-then-succeed`), remembered ids (the other half `duplicate-id`) and stateful records. RSS of the
 * server is read after the warm-up and after the sessions, each after a pause for the collector.
 * Goal: RSS grows by at most 50 MB for 1,000 sessions.
 *
 * Flags: --sessions N (1000) --creates N (3) --out PATH (bench/sessions.md)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machineLine } from './machine.js';
import { rssMb, startServer } from './servers.js';
import { fixed, markdownTable } from './stats.js';

const { values: flags } = parseArgs({
  options: {
    sessions: { type: 'string', default: '1000' },
    creates: { type: 'string', default: '3' },
    out: { type: 'string', default: 'bench/sessions.md' },
  },
});
const sessions = Number(flags.sessions);
const creates = Number(flags.creates);
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

async function create(url: string, id: number, headers: Record<string, string> = {}): Promise<number> {
  try {
    const response = await fetch(`${url}/plants`, {
      method: 'POST',
      headers: { authorization: 'Bearer bench', 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ id, name: `Plant ${id}`, tag: 'bench' }),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0; // fail-then-succeed resets its first connection on purpose
  }
}

const server = await startServer('mock', 120_000, { env: { PLANTSTORE_MOCK_STATEFUL: 'true', PLANTSTORE_MOCK_LOG_LEVEL: 'warn' } });
const statuses: Record<string, number> = {};
let before = Number.NaN;
let after = Number.NaN;
try {
  for (let i = 0; i < 2000; i++) await create(server.url, i);
  await settle();
  before = rssMb(server.child.pid);
  for (let s = 0; s < sessions; s++) {
    const headers = { 'x-mock-session': `bench-${s}`, 'x-mock-scenario': s % 2 === 0 ? 'fail-then-succeed' : 'duplicate-id' };
    for (let c = 0; c < creates; c++) {
      const status = String(await create(server.url, s * creates + c, headers));
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  await settle();
  after = rssMb(server.child.pid);
} finally {
  await server.stop();
}
const growth = after - before;
const markdown = [
  '# Live sessions',
  '',
  `Measured ${machineLine()}.`,
  '',
  `\`node dist/cli/main.js --stateful\` on the bundled Plant Store: 2,000 creates in the default session, then ${fixed(sessions)} sessions of ${creates} creates each ` +
    '(half with `X-Mock-Scenario: fail-then-succeed`, half `duplicate-id`), so each holds a scenario, positions or remembered ids, and stateful records.',
  '',
  markdownTable(
    ['', 'RSS MB'],
    [
      ['after the warm-up', fixed(before)],
      [`with ${fixed(sessions)} live sessions`, fixed(after)],
    ],
  ),
  '',
  `Growth: ${fixed(growth, 1)} MB (goal: at most 50 MB for 1,000 sessions: ${growth <= 50 * (sessions / 1000) ? 'met' : 'NOT met'}). Answers: ${JSON.stringify(statuses)}.`,
  '',
].join('\n');
writeFileSync(flags.out, markdown);
process.stdout.write(markdown);
