/**
 * `npm run bench:per-test`: what a test pays for a mock of its own, side by side with the bare app
 * (scripts/bench/bare-app.ts), interleaved. Cold: a fresh `node` imports the package entry, creates a
 * server, answers one valid POST /plants through inject() and closes. Warm: the same in one process,
 * through inject() and over a socket. Memory: what one more live instance adds. Prints markdown.
 *
 * Flags: --cold N (9) --warm N (60) --instances N (20) --out PATH (bench/per-test.md)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machineLine } from './machine.js';
import { coldRun, memoryPerInstance, writeChildScripts } from './per-test-children.js';
import { warmRun } from './per-test-warm.js';
import { fixed, markdownTable, median } from './stats.js';

const { values: flags } = parseArgs({
  options: {
    cold: { type: 'string', default: '9' },
    warm: { type: 'string', default: '60' },
    instances: { type: 'string', default: '20' },
    out: { type: 'string', default: 'bench/per-test.md' },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const CONTENDERS = ['mock', 'bare'] as const;
writeChildScripts();

const cold: Record<(typeof CONTENDERS)[number], { wall: number[]; cpu: number[] }> = {
  mock: { wall: [], cpu: [] },
  bare: { wall: [], cpu: [] },
};
for (let i = 0; i < Number(flags.cold); i++) {
  for (const name of i % 2 === 0 ? CONTENDERS : [...CONTENDERS].reverse()) {
    const run = await coldRun(name);
    cold[name].wall.push(run.wallMs);
    cold[name].cpu.push(run.cpuMs);
  }
}
log(`cold wall ms: mock ${cold.mock.wall.map((v) => fixed(v)).join(' ')}; bare ${cold.bare.wall.map((v) => fixed(v)).join(' ')}`);

const warm = await warmRun(Number(flags.warm));
const memory = {
  mock: await memoryPerInstance('mock', Number(flags.instances)),
  bare: await memoryPerInstance('bare', Number(flags.instances)),
};

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const coldMock = median(cold.mock.wall);
const coldBare = median(cold.bare.wall);
const row = (label: string, mock: number, bare: number, digits = 1) => [label, fixed(mock, digits), fixed(bare, digits), ratio(mock, bare)];
const markdown = [
  '# Per-test bench',
  '',
  `Measured ${machineLine()}.`,
  '',
  `Cold: median of ${flags.cold} fresh processes each (interleaved). Warm: median of ${flags.warm} create + first answer + close, ` +
    `interleaved, after warm-up. Memory: ${flags.instances} more live instances, each having answered once, after GC.`,
  '',
  markdownTable(
    ['measure', 'mock', 'bare app', 'mock / bare'],
    [
      row('cold: import, create, first answer, close (wall ms)', coldMock, coldBare, 0),
      row('cold: CPU ms (user + system)', median(cold.mock.cpu), median(cold.bare.cpu), 0),
      row('warm inject(): create ms', warm.inject.mock.create, warm.inject.bare.create, 2),
      row('warm inject(): first answer ms', warm.inject.mock.answer, warm.inject.bare.answer, 2),
      row('warm inject(): close ms', warm.inject.mock.close, warm.inject.bare.close, 2),
      row('warm inject(): total ms', warm.inject.mock.total, warm.inject.bare.total, 2),
      row('warm socket: create + listen + first answer + close ms', warm.socket.mock.total, warm.socket.bare.total, 2),
      row('memory per extra live instance: heap + external MB', memory.mock.heapMb, memory.bare.heapMb, 2),
      row('memory per extra live instance: RSS MB', memory.mock.rssMb, memory.bare.rssMb, 2),
    ],
  ),
  '',
  markdownTable(
    ['goal', 'value', 'verdict'],
    [
      ['cold within 1.5x of the bare app', ratio(coldMock, coldBare), verdict(coldMock / coldBare <= 1.5)],
      [
        'warm inject() at most 0.5x of the bare app',
        ratio(warm.inject.mock.total, warm.inject.bare.total),
        verdict(warm.inject.mock.total / warm.inject.bare.total <= 0.5),
      ],
      [
        'warm socket at most 0.5x of the bare app',
        ratio(warm.socket.mock.total, warm.socket.bare.total),
        verdict(warm.socket.mock.total / warm.socket.bare.total <= 0.5),
      ],
      ['memory per extra live instance under 2 MB (RSS)', `${fixed(memory.mock.rssMb, 2)} MB`, verdict(memory.mock.rssMb < 2)],
    ],
  ),
  '',
].join('\n');
writeFileSync(flags.out, markdown);
process.stdout.write(`${markdown}\n`);
log(`written to ${flags.out}`);
