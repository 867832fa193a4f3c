/**
 * Side by side: builds of the mock (each a package root holding dist/, see snapshot-build.ts; `.` is the
 * current build) run one at a time, interleaved over several rounds in a rotating order, under the same
 * load; optionally Prism and the ceiling in the same rounds, as the bar. Reports, per variant, the medians
 * and spread of server CPU per request (the deciding figure), req/s and start-up to first served request,
 * and each variant's CPU and start-up over the first variant's (per round, then the median).
 *
 * Usage: tsx scripts/bench/compare-variants.ts --variant base=. --variant other=.bench/variants/other
 * Flags: --rounds N (5) --duration S (5) --warmup S (10, as run-bench.ts) --startups N (5, per variant) --mix valid|mixed (valid)
 *        --connections N (50) --with ceiling,prism (none) --rate N (none) --out PATH (.bench/compare.md)
 *        --loader wrk|autocannon (wrk where installed, see wrk.ts; --rate needs autocannon)
 *
 * With --rate, every contender gets the same requests per second (autocannon's overallRate) rather than as
 * many as it answers: CPU per request depends on the rate (at a low one, each request pays for its own
 * wake-ups and system calls), so on a busy machine, where the rate a closed loop reaches swings with other
 * jobs, variants are only comparable at one fixed rate that all of them sustain.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loaderFlag, type MixName, runLoad } from './load.js';
import { machineLine } from './machine.js';
import { type Launch, rssMb, type ServerName, startServer, withCpu } from './servers.js';
import { fixed, markdownTable, median } from './stats.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values: flags } = parseArgs({
  options: {
    variant: { type: 'string', multiple: true, default: ['current=.'] },
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '10' },
    startups: { type: 'string', default: '5' },
    mix: { type: 'string', default: 'valid' },
    connections: { type: 'string', default: '50' },
    with: { type: 'string', default: '' },
    rate: { type: 'string' },
    loader: { type: 'string' },
    out: { type: 'string', default: '.bench/compare.md' },
  },
});
const rounds = Number(flags.rounds);
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const startups = Number(flags.startups);
const connections = Number(flags.connections);
const mix = flags.mix as MixName;
const rate = flags.rate === undefined ? undefined : Number(flags.rate);
const loader = rate === undefined ? loaderFlag(flags.loader) : 'autocannon';
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Contender {
  readonly label: string;
  readonly server: ServerName;
  readonly launch: Launch;
}
const variants: Contender[] = flags.variant.map((spec) => {
  const [label, dir] = spec.split('=');
  if (!label || !dir) throw new Error(`--variant NAME=PACKAGE_ROOT, not ${spec}`);
  // Each variant its own code-cache folder: builds interleaved must not evict each other's cache.
  const env = { NODE_COMPILE_CACHE: join(root, '.bench', 'compile-cache', label) };
  return { label, server: 'mock', launch: { packageRoot: resolve(root, dir), env } };
});
const others: Contender[] = flags.with
  .split(',')
  .filter(Boolean)
  .map((name) => {
    if (name !== 'ceiling' && name !== 'prism') throw new Error(`--with takes ceiling and prism, not ${name}`);
    return { label: name, server: name, launch: {} };
  });
const contenders = [...variants, ...others];

interface Sample {
  readonly cpuUsPerRequest: number;
  readonly reqPerSec: number;
  readonly errors: number;
  readonly rss: number;
}
const loads = new Map<string, Sample[]>(contenders.map((c) => [c.label, []]));
const starts = new Map<string, number[]>(contenders.map((c) => [c.label, []]));
const rotate = <T>(list: readonly T[], by: number) => list.map((_, i) => list[(i + by) % list.length] as T);

// One unmeasured start each: makes the variants' code caches and warms the file cache.
for (const c of contenders) await (await startServer(c.server, 120_000, c.launch)).stop();
for (let i = 0; i < startups; i++) {
  for (const c of rotate(contenders, i)) {
    const server = await startServer(c.server, 120_000, c.launch);
    starts.get(c.label)?.push(server.startupMs);
    await server.stop();
  }
}
log(`start-up ms: ${contenders.map((c) => `${c.label} ${(starts.get(c.label) ?? []).map((v) => v.toFixed(0)).join(' ')}`).join('; ')}`);

for (let round = 0; round < rounds; round++) {
  for (const c of rotate(contenders, round)) {
    const server = await startServer(c.server, 120_000, c.launch);
    try {
      await runLoad({ url: server.url, mix, connections, duration: warmup, rate, loader });
      const result = await withCpu(server.child.pid, () => runLoad({ url: server.url, mix, connections, duration, rate, loader }));
      const rss = rssMb(server.child.pid);
      loads.get(c.label)?.push({ cpuUsPerRequest: result.cpuUsPerRequest, reqPerSec: result.reqPerSec, errors: result.errors, rss });
      log(
        `round ${round + 1} ${c.label}: ${fixed(result.reqPerSec)} req/s, CPU ${fixed(result.cpuUsPerRequest, 1)} us/req, RSS ${fixed(rss)} MB, errors ${result.errors}`,
      );
    } finally {
      await server.stop();
    }
  }
}

const spread = (values: readonly number[], digits = 0) =>
  values.length === 0
    ? 'n/a'
    : `${fixed(median(values), digits)} (${fixed(Math.min(...values), digits)}-${fixed(Math.max(...values), digits)})`;
/** A figure over (or minus) the first variant's, round by round (same minutes, same load), then the median. */
const againstFirst = (series: Map<string, readonly number[]>, label: string, compare: (mine: number, first: number) => number) => {
  const first = series.get(variants[0]?.label ?? '') ?? [];
  const mine = series.get(label) ?? [];
  return median(mine.map((value, i) => compare(value, first[i] ?? Number.NaN)));
};
const overFirst = (series: Map<string, readonly number[]>, label: string) => againstFirst(series, label, (a, b) => a / b);
const minusFirst = (series: Map<string, readonly number[]>, label: string) => againstFirst(series, label, (a, b) => a - b);
const cpu = new Map([...loads].map(([label, list]) => [label, list.map((s) => s.cpuUsPerRequest)]));
const markdown = [
  '# Side-by-side comparison',
  '',
  `Measured ${machineLine()}.`,
  '',
  `${rounds} interleaved rounds, ${warmup} s warm-up then ${duration} s of the \`${mix}\` mix per contender, ${connections} connections; ` +
    `${rate === undefined ? 'as fast as answered' : `at ${rate} req/s`}, ${loader}; ` +
    `${startups} interleaved start-ups each (spawn to first served \`POST /plants\`). Medians, with (min-max).`,
  '',
  markdownTable(
    [
      'contender',
      'CPU us/req',
      'req/s',
      'start-up ms',
      'CPU / first',
      'CPU - first us',
      'start-up / first',
      'start-up - first ms',
      'RSS after load MB',
      'errors',
    ],
    contenders.map((c) => {
      const list = loads.get(c.label) ?? [];
      return [
        c.label,
        spread(cpu.get(c.label) ?? [], 1),
        spread(list.map((s) => s.reqPerSec)),
        spread(starts.get(c.label) ?? []),
        `${overFirst(cpu, c.label).toFixed(3)}x`,
        fixed(minusFirst(cpu, c.label), 1),
        `${overFirst(starts, c.label).toFixed(3)}x`,
        fixed(minusFirst(starts, c.label)),
        spread(list.map((s) => s.rss)),
        String(list.reduce((sum, s) => sum + s.errors, 0)),
      ];
    }),
  ),
  '',
].join('\n');
mkdirSync(dirname(resolve(root, flags.out)), { recursive: true });
writeFileSync(resolve(root, flags.out), markdown);
process.stdout.write(markdown);
