/**
 * `npm run bench:scale`: the mock and Prism on synthetic documents of 40, 400 and 4,000 operations
 * (scripts/bench/synthetic-api.ts), interleaved: spawn to the first answer, RSS then, and RSS after a
 * few seconds of load on two operations (a create on the first resource, a read on the last).
 *
 * Flags: --runs N (3) --sizes 40,400,4000 --load S (5) --out PATH (bench/scale.md)
 *        --baseline DIR: also an earlier build of the mock (a package root with dist/), side by side
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machineLine } from './machine.js';
import { freePort, rssMb } from './servers.js';
import { fixed, markdownTable, median } from './stats.js';
import { probeRequests, writeSyntheticApis } from './synthetic-api.js';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '40,400,4000' },
    load: { type: 'string', default: '5' },
    out: { type: 'string', default: 'bench/scale.md' },
    baseline: { type: 'string' },
  },
});
const root = fileURLToPath(new URL('../../', import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);
const AUTH = { authorization: 'Bearer bench', 'content-type': 'application/json' };
type Name = 'mock' | 'baseline' | 'prism';
const NAMES: readonly Name[] = flags.baseline === undefined ? ['mock', 'prism'] : ['mock', 'baseline', 'prism'];

function command(name: Name, spec: string, port: number): string[] {
  switch (name) {
    case 'mock':
      return [`${root}dist/cli/main.js`, '--spec', spec, '--port', String(port)];
    case 'baseline':
      return [`${flags.baseline}/dist/cli/main.js`, '--spec', spec, '--port', String(port)];
    case 'prism':
      return [`${root}node_modules/@stoplight/prism-cli/dist/index.js`, 'mock', spec, '-p', String(port), '-h', '127.0.0.1'];
  }
}

/**
 * RSS of a process and its descendants: Prism's CLI forks its HTTP server into a child process when
 * NODE_ENV is production, so the parent alone would leave the server out.
 */
function treeRssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let total = rssMb(pid);
  let children: string[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/));
  } catch {
    // The process ended: its own figure stands.
  }
  for (const child of children.filter((c) => c !== '')) total += treeRssMb(Number(child));
  return total;
}

async function answers(url: string, size: number): Promise<boolean> {
  const { create } = probeRequests(size);
  try {
    const response = await fetch(`${url}${create.path}`, {
      method: 'POST',
      headers: AUTH,
      body: create.body,
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function measure(name: Name, size: number, spec: string) {
  const port = await freePort();
  const sink = spawn('cat', [], { stdio: ['pipe', 'ignore', 'ignore'] });
  const startedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, command(name, spec, port), {
    cwd: root,
    stdio: ['ignore', sink.stdin ?? 'ignore', 'ignore'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    while (!(await answers(url, size))) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} on ${spec}`);
      if (performance.now() - startedAt > 180_000) throw new Error(`${name} did not answer on ${spec} within 180 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const startupMs = performance.now() - startedAt;
    const rssStart = treeRssMb(child.pid);
    const { create, read } = probeRequests(size);
    const result = await autocannon({
      url,
      connections: 10,
      duration: Number(flags.load),
      requests: [
        { method: create.method, path: create.path, headers: AUTH, body: create.body },
        { method: read.method, path: read.path, headers: { authorization: AUTH.authorization } },
      ],
    });
    return {
      startupMs,
      rssStart,
      rssLoad: treeRssMb(child.pid),
      reqPerSec: result.requests.total / (result.duration || 1),
      errors: result.errors,
    };
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    sink.stdin?.destroy();
    sink.kill('SIGTERM');
  }
}

const sizes = flags.sizes.split(',').map(Number);
const specs = writeSyntheticApis(sizes);
type Sample = Awaited<ReturnType<typeof measure>>;
const samples = new Map<string, Sample[]>();
for (let run = 0; run < Number(flags.runs); run++) {
  for (const size of sizes) {
    for (const name of run % 2 === 0 ? NAMES : [...NAMES].reverse()) {
      const sample = await measure(name, size, specs.get(size) as string);
      samples.set(`${name}/${size}`, [...(samples.get(`${name}/${size}`) ?? []), sample]);
      log(
        `run ${run + 1} ${name} ${size} ops: start ${fixed(sample.startupMs)} ms, RSS ${fixed(sample.rssStart)} -> ${fixed(sample.rssLoad)} MB, ${fixed(sample.reqPerSec)} req/s`,
      );
    }
  }
}

const of = (name: Name, size: number, pick: (s: Sample) => number) => median((samples.get(`${name}/${size}`) ?? []).map(pick));
const rows = sizes.flatMap((size) =>
  NAMES.map((name) => [
    String(size),
    name,
    fixed(of(name, size, (s) => s.startupMs)),
    fixed(of(name, size, (s) => s.rssStart)),
    fixed(of(name, size, (s) => s.rssLoad)),
    fixed(of(name, size, (s) => s.reqPerSec)),
  ]),
);
const largest = Math.max(...sizes);
const startRatio = of('mock', largest, (s) => s.startupMs) / of('prism', largest, (s) => s.startupMs);
const rssOk = of('mock', largest, (s) => Math.max(s.rssStart, s.rssLoad)) <= of('prism', largest, (s) => Math.max(s.rssStart, s.rssLoad));
const markdown = [
  '# Scale bench',
  '',
  `Measured ${machineLine()}.`,
  '',
  `Synthetic JSON documents (resources x list/create/read/delete, shared Error, bearer), median of ${flags.runs} interleaved runs; ` +
    `load: ${flags.load} s, 10 connections, a create on the first resource and a read on the last.`,
  '',
  markdownTable(['operations', 'server', 'start-up ms', 'RSS after start MB', 'RSS after load MB', 'req/s under load'], rows),
  '',
  'RSS is that of the process and its descendants (Prism forks its server when NODE_ENV is production, as here).',
  '',
  `At ${largest} operations: start-up mock / Prism ${startRatio.toFixed(2)}x (goal <= 0.5x: ${startRatio <= 0.5 ? 'met' : 'NOT met'}); ` +
    `RSS no more than Prism's: ${rssOk ? 'met' : 'NOT met'}.`,
  '',
].join('\n');
writeFileSync(flags.out, markdown);
process.stdout.write(`${markdown}\n`);
log(`written to ${flags.out}`);
