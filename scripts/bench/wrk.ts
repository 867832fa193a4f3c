/**
 * The load generator of the CPU-per-request benches when `wrk` (C, one thread, epoll) is installed, as the
 * issue's method names it. autocannon runs in Node on the same two cores as the server it loads: where it
 * is the one short of CPU it sets the server's rate, and a server below its own saturation wakes up for
 * fewer requests at a time and pays more per request, the cheapest server most. wrk needs less CPU per
 * request, so the servers run nearer their own saturation and are charged for their own work rather than
 * for the load generator's pace.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult, Request } from './load.js';

/** Whether `wrk` is on the PATH. */
export const WRK_INSTALLED = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits with 1; only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();

/** A Lua long string holding `text` (no JSON body or header holds the closing bracket chosen). */
const luaString = (text: string) => `[==[${text}]==]`;

/** The wrk script that cycles through `requests` in order, as autocannon's `requests` list does. */
export function wrkScript(requests: readonly Request[]): string {
  const formatted = requests.map((request) => {
    const headers = Object.entries(request.headers)
      .map(([name, value]) => `[ ${luaString(name)} ] = ${luaString(value)}`)
      .join(', ');
    const body = request.body === undefined ? 'nil' : luaString(request.body);
    return `    wrk.format(${luaString(request.method)}, ${luaString(request.path)}, { ${headers} }, ${body})`;
  });
  return [
    'local requests, i = {}, 0',
    'function init(args)',
    '  requests = {',
    `${formatted.join(',\n')}`,
    '  }',
    'end',
    'function request()',
    '  i = i % #requests + 1',
    '  return requests[i]',
    'end',
    '',
  ].join('\n');
}

const UNITS_MS: Readonly<Record<string, number>> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
function latencyMs(output: string, percent: string): number {
  const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m|h)\\s*$`, 'm').exec(output);
  return match ? Number(match[1]) * (UNITS_MS[match[2] as string] ?? Number.NaN) : Number.NaN;
}

/** Reads wrk's report (with `--latency`) into the figures autocannon's runs give. */
export function parseWrkOutput(output: string): LoadResult {
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(output);
  const requests = Number(total?.[1] ?? Number.NaN);
  const seconds = (Number(total?.[2] ?? Number.NaN) * (UNITS_MS[total?.[3] ?? 's'] ?? Number.NaN)) / 1000;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requests,
    reqPerSec: requests / seconds,
    p50: latencyMs(output, '50'),
    p99: latencyMs(output, '99'),
    errors,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
  };
}

/** One closed-loop run of wrk (one thread, `connections` connections) for `duration` seconds. */
export async function runWrk(url: string, requests: readonly Request[], connections: number, duration: number): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const script = join(dir, 'mix.lua');
    writeFileSync(script, wrkScript(requests));
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, url];
    const output = await new Promise<string>((resolve, reject) =>
      execFile('wrk', args, { encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    return parseWrkOutput(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
