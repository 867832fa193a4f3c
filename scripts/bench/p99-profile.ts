/**
 * The p99 at 50 connections explained: the mock (run under `node --cpu-prof`) and the bare-Fastify ceiling,
 * each warmed up, then measured in alternating windows of the `valid` mix, so both see the same minutes of
 * a shared machine. Prints each window's req/s, p50 and p99; the mock's profile is written to --prof-dir
 * when it stops (open it in Chrome's DevTools, or sum its self time per function).
 *
 * Usage: tsx scripts/bench/p99-profile.ts [--rounds N (3)] [--duration S (6)] [--prof-dir PATH (.bench/prof)]
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CPU_LOADER, runLoad } from './load.js';
import { servesPlants, spawnServer } from './servers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '6' },
    'prof-dir': { type: 'string', default: join(root, '.bench', 'prof') },
  },
});
const mock = await spawnServer({
  args: ['--cpu-prof', `--cpu-prof-dir=${flags['prof-dir']}`, join(root, 'dist/cli/main.js'), '--port', '{port}'],
  ready: servesPlants,
});
const ceiling = await spawnServer({
  args: ['--import', 'tsx', join(root, 'scripts/bench/ceiling-server.ts'), '{port}'],
  ready: servesPlants,
});
try {
  for (const server of [mock, ceiling]) await runLoad({ url: server.url, mix: 'valid', duration: 4, loader: CPU_LOADER });
  for (let round = 1; round <= Number(flags.rounds); round++) {
    for (const [name, server] of [
      ['mock', mock],
      ['ceiling', ceiling],
    ] as const) {
      const result = await runLoad({ url: server.url, mix: 'valid', duration: Number(flags.duration), loader: CPU_LOADER });
      const figures = `${Math.round(result.reqPerSec)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`;
      process.stdout.write(`round ${round} ${name}: ${figures}\n`);
    }
  }
} finally {
  await mock.stop();
  await ceiling.stop();
}
process.stdout.write(`the mock's profile: ${flags['prof-dir']}\n`);
