/**
 * `npm run bench:first-calls`: how long the first call to each operation of a large document takes once
 * the mock says it is ready. Spawns the CLI on each document (default: GitHub's REST description, the
 * one issue 45 measured), notes spawn to listening (the first health answer) and to ready (health's
 * `ready: true`), then calls every operation once, one after the other, as a test suite would. Goal:
 * no first answer after ready above --goal milliseconds. `--variant NAME=ARGS` runs the CLI with extra
 * arguments too (e.g. `warm=--warm`), interleaved with the default run.
 *
 * Usage: npm run bench:first-calls -- [--spec FILE ...] [--variant NAME=ARGS ...] [--rounds N (1)]
 *   [--goal MS (200)] [--operations N (all)] [--out PATH (bench/first-calls.md)]
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeReport } from './machine.js';
import { type ProbeRequest, probeOperations, realDocuments, sendProbe } from './real-documents.js';
import { cpuSeconds, spawnServer } from './servers.js';
import { fixed, markdownTable, median, percentile } from './stats.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    spec: { type: 'string', multiple: true },
    variant: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '1' },
    goal: { type: 'string', default: '200' },
    operations: { type: 'string', default: '100000' },
    out: { type: 'string', default: join(root, 'bench', 'first-calls.md') },
  },
});
const goalMs = Number(values.goal);

interface Run {
  readonly listeningMs: number;
  readonly readyMs: number;
  readonly cpuAtReadyS: number;
  readonly latencies: readonly number[];
  readonly slowest: readonly string[];
}

async function health(url: string): Promise<{ ready?: boolean } | undefined> {
  try {
    const response = await fetch(`${url}/__mock/health`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? ((await response.json()) as { ready?: boolean }) : undefined;
  } catch {
    return undefined;
  }
}

async function measure(spec: string, extra: readonly string[], probes: readonly ProbeRequest[]): Promise<Run> {
  const args = [join(root, 'dist/cli/main.js'), '--spec', spec, '--port', '{port}', '--log-level', 'warn', ...extra];
  const started = performance.now();
  const server = await spawnServer({ args, ready: async (url) => (await health(url)) !== undefined, timeoutMs: 120_000 });
  try {
    // Before readiness was reported, a health answer meant ready; a health call that timed out is no answer.
    for (let answer = await health(server.url); answer?.ready !== true; answer = await health(server.url)) {
      if (answer !== undefined && answer.ready === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const readyMs = performance.now() - started;
    const cpuAtReadyS = cpuSeconds(server.child.pid);
    const timed: { probe: ProbeRequest; ms: number; status: number | undefined }[] = [];
    for (const probe of probes) {
      const at = performance.now();
      const status = await sendProbe(server.url, probe, 30_000);
      timed.push({ probe, ms: performance.now() - at, status });
    }
    const slowest = [...timed]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map(({ probe, ms, status }) => `${probe.method} ${probe.path} ${fixed(ms)} ms (${status ?? 'none'})`);
    return { listeningMs: server.startupMs, readyMs, cpuAtReadyS, latencies: timed.map(({ ms }) => ms), slowest };
  } finally {
    await server.stop();
  }
}

const specs = values.spec ?? [realDocuments(['github']).get('github') as string];
const variants: [string, string[]][] = [
  ['default', []],
  ...values.variant.map((v): [string, string[]] => {
    const [name, ...rest] = v.split('=');
    return [name ?? v, rest.join('=').split(' ').filter(Boolean)];
  }),
];
const rows: string[][] = [];
for (const spec of specs) {
  const probes = probeOperations(spec, Number(values.operations));
  const runs = new Map<string, Run[]>(variants.map(([name]) => [name, []]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, extra] of variants) {
      const run = await measure(spec, extra, probes);
      runs.get(name)?.push(run);
      process.stderr.write(`${name} ${spec}: ready ${fixed(run.readyMs)} ms, max first call ${fixed(Math.max(...run.latencies))} ms\n`);
    }
  }
  for (const [name, list] of runs) {
    const all = list.flatMap((run) => run.latencies).sort((a, b) => a - b);
    const max = all.at(-1) ?? 0;
    rows.push([
      spec.split('/').slice(-2).join('/'),
      name,
      String(probes.length),
      fixed(median(list.map((run) => run.listeningMs))),
      fixed(median(list.map((run) => run.readyMs))),
      fixed(median(list.map((run) => run.cpuAtReadyS)), 1),
      fixed(percentile(all, 0.5), 1),
      fixed(percentile(all, 0.99)),
      fixed(max),
      String(all.filter((ms) => ms > goalMs).length),
      list.at(-1)?.slowest.join('; ') ?? '',
    ]);
  }
}
writeReport(values.out, 'First calls after ready', [
  `Each operation called once after \`/__mock/health\` said ready (\`npm run bench:first-calls\`), ${values.rounds} round(s), variants interleaved; goal: none above ${goalMs} ms.`,
  '',
  markdownTable(
    [
      'document',
      'variant',
      'operations',
      'spawn to listening ms',
      'spawn to ready ms',
      'CPU at ready s',
      'first call p50 ms',
      'p99 ms',
      'max ms',
      `over ${goalMs} ms`,
      'slowest (last round)',
    ],
    rows,
  ),
]);
