/**
 * The memory goal of SECURITY.md, on the built CLI over real sockets, as users run it: 6,000 creates of
 * 1 MiB at the default budgets keep the server's RSS under the whole-server budget plus 200 MB, and
 * every create beyond the budget gets the 507. It moves 6 GB through the loopback and takes minutes,
 * so it runs only with MEMORY_GOAL=1 (`MEMORY_GOAL=1 npx vitest run test/security/memory-goal.test.ts`,
 * after `npm run build`); `npm run bench:state-budget` prints the same figures. RSS is read from
 * /proc, so Linux only.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCli } from '../support/cli.js';

const MIB = 1024 * 1024;
const CREATES = Number(process.env.MEMORY_GOAL_CREATES ?? 6000);
const CRUD = fileURLToPath(new URL('../fixtures/plantstore-crud.yaml', import.meta.url));

/** Resident memory of a process, from /proc. */
function residentBytes(pid: number): number {
  const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) * 1024;
}

/** Creates `count` records of 1 MiB over `sockets` keep-alive connections; the statuses and the highest RSS seen. */
async function createMany(url: string, pid: number, count: number, sockets = 4) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const name = 'x'.repeat(MIB - 64);
  const post = (id: number) =>
    new Promise<number>((resolve, reject) => {
      const body = `{"id":${id},"name":"${name}"}`;
      const headers = {
        authorization: 'Bearer t',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-mock-session': `s${id % 16}`,
      };
      const sent = request(`${url}/plants`, { method: 'POST', agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sent.on('error', reject);
      sent.end(body);
    });
  const statuses: number[] = [];
  let peak = residentBytes(pid);
  for (let id = 1; id <= count; id++) {
    statuses.push(await post(id));
    if (id % 50 === 0) peak = Math.max(peak, residentBytes(pid));
  }
  agent.destroy();
  return { statuses, peak };
}

describe.runIf(process.env.MEMORY_GOAL === '1' && process.platform === 'linux')('memory bounded in bytes, on the CLI', () => {
  it(`keeps RSS under --max-total-state-bytes plus 200 MB over ${CREATES} creates of 1 MiB, refusing every one beyond with 507`, async () => {
    const cli = await startCli(['--spec', CRUD, '--stateful', '--body-limit', '2mb', '--log-level', 'silent']);
    try {
      const { statuses, peak } = await createMany(cli.url, cli.child.pid ?? 0, CREATES);
      const firstRefused = statuses.indexOf(507);
      expect(firstRefused).toBeGreaterThan(400);
      expect(statuses.slice(0, firstRefused).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(firstRefused).every((status) => status === 507)).toBe(true);
      expect(peak).toBeLessThan(512 * MIB + 200e6);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited();
    }
  }, 3_600_000);
});
