/**
 * `npm run bench:per-test`: what a test pays for a mock of its own, side by side with the bare app
 * (scripts/bench/bare-app.ts), interleaved. Cold: a fresh `node` imports the package entry, creates a
 * server, answers one valid POST /plants through inject() and closes. Warm: the same in one process,
 * through inject() and over a socket. Memory: what one more live instance adds. Prints markdown.
 *
 * Flags: --cold N (9) --warm N (60) --instances N (20) --out PATH (bench/per-test.md)
 *        --baseline DIR: also an earlier build of the mock (a package root with dist/), side by side
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machineLine } from './machine.js';
import { type Contender, coldRun, memoryPerInstance, writeChildScripts } from './per-test-children.js';
import { warmRun } from './per-test-warm.js';
import { fixed, markdownTable, median } from './stats.js';

const { values: flags } = parseArgs({
  options: {
    cold: { type: 'string', default: '9' },
    warm: { type: 'string', default: '60' },
    instances: { type: 'string', default: '20' },
    out: { type: 'string', default: 'bench/per-test.md' },
    baseline: { type: 'string' },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const NAMES: readonly Contender[] = flags.baseline === undefined ? ['mock', 'bare'] : ['mock', 'baseline', 'bare'];
writeChildScripts(flags.baseline);

const cold = new Map<Contender, { wall: number[]; cpu: number[] }>(NAMES.map((name) => [name, { wall: [], cpu: [] }]));
for (let i = 0; i < Number(flags.cold); i++) {
  for (const name of i % 2 === 0 ? NAMES : [...NAMES].reverse()) {
    const run = await coldRun(name);
    cold.get(name)?.wall.push(run.wallMs);
    cold.get(name)?.cpu.push(run.cpuMs);
  }
}
log(`cold wall ms: ${NAMES.map((name) => `${name} ${(cold.get(name)?.wall ?? []).map((v) => fixed(v)).join(' ')}`).join('; ')}`);

const warm = await warmRun(Number(flags.warm), flags.baseline);
const memory = new Map<Contender, { heapMb: number; rssMb: number }>();
for (const name of NAMES) memory.set(name, await memoryPerInstance(name, Number(flags.instances)));

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const coldWall = (name: Contender) => median(cold.get(name)?.wall ?? []);
const coldCpu = (name: Contender) => median(cold.get(name)?.cpu ?? []);
const mem = (name: Contender) => memory.get(name) ?? { heapMb: Number.NaN, rssMb: Number.NaN };
const row = (label: string, value: (name: Contender) => number, digits = 1) => [
  label,
  ...NAMES.map((name) => fixed(value(name), digits)),
  ...NAMES.filter((name) => name !== 'bare').map((name) => ratio(value(name), value('bare'))),
];
const markdown = [
  '# Per-test bench',
  '',
  `Measured ${machineLine()}.`,
  '',
  `Cold: median of ${flags.cold} fresh processes each (interleaved). Warm: median of ${flags.warm} create + first answer + close, ` +
    `interleaved, after warm-up. Memory: ${flags.instances} more live instances, each having answered once, after GC.` +
    (flags.baseline === undefined ? '' : ` \`baseline\`: the build in ${flags.baseline}.`),
  '',
  markdownTable(
    ['measure', ...NAMES, ...NAMES.filter((name) => name !== 'bare').map((name) => `${name} / bare`)],
    [
      row('cold: import, create, first answer, close (wall ms)', coldWall, 0),
      row('cold: CPU ms (user + system)', coldCpu, 0),
      row('warm inject(): create ms', (name) => warm.inject(name).create, 2),
      row('warm inject(): first answer ms', (name) => warm.inject(name).answer, 2),
      row('warm inject(): close ms', (name) => warm.inject(name).close, 2),
      row('warm inject(): total ms', (name) => warm.inject(name).total, 2),
      row('warm socket: create + listen + first answer + close ms', (name) => warm.socket(name).total, 2),
      row('memory per extra live instance: heap + external MB', (name) => mem(name).heapMb, 2),
      row('memory per extra live instance: RSS MB', (name) => mem(name).rssMb, 2),
    ],
  ),
  '',
  markdownTable(
    ['goal', 'value', 'verdict'],
    [
      ['cold within 1.5x of the bare app', ratio(coldWall('mock'), coldWall('bare')), verdict(coldWall('mock') / coldWall('bare') <= 1.5)],
      [
        'warm inject() at most 0.5x of the bare app',
        ratio(warm.inject('mock').total, warm.inject('bare').total),
        verdict(warm.inject('mock').total / warm.inject('bare').total <= 0.5),
      ],
      [
        'warm socket at most 0.5x of the bare app',
        ratio(warm.socket('mock').total, warm.socket('bare').total),
        verdict(warm.socket('mock').total / warm.socket('bare').total <= 0.5),
      ],
      [
        'memory per extra live instance under 2 MB (heap + external, and RSS)',
        `${fixed(mem('mock').heapMb, 2)} / ${fixed(mem('mock').rssMb, 2)} MB`,
        verdict(mem('mock').heapMb < 2 && mem('mock').rssMb < 2),
      ],
    ],
  ),
  '',
].join('\n');
writeFileSync(flags.out, markdown);
process.stdout.write(`${markdown}\n`);
log(`written to ${flags.out}`);
