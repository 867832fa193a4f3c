/**
 * The proxy section of `npm run bench` (also `npm run bench:proxy`): the server CPU per proxied valid
 * `POST /plants`, the mock (`--proxy`) against a bare undici forwarding server (the ceiling for a proxy)
 * and a lower-level one (undici's dispatch, no streams), all in front of the same bare Node `http`
 * upstream answering the Plant; Prism's `prism proxy` beside them when its CLI is installed. Rounds
 * alternate the contenders; figures are medians. Writes bench/proxy.md. Asserts nothing.
 *
 * Flags: --rounds N (3) --duration S (5) --warmup S (2) --connections N (10) --out PATH
 *        --baseline DIR (an earlier build, from snapshot-build.ts, measured beside the current one)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchFlags } from './flags.js';
import { runLoad } from './load.js';
import { verdict, writeReport } from './machine.js';
import { type SpawnedServer, servesPlants, spawnServer, withCpu } from './servers.js';
import { fixed, markdownTable, median } from './stats.js';

const { rounds, duration, warmup, connections, out, baseline } = benchFlags(
  { rounds: 3, duration: 5, warmup: 2, connections: 10 },
  'bench/proxy.md',
);
const root = fileURLToPath(new URL('../../', import.meta.url));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const PRISM_CLI = join(root, 'node_modules/@stoplight/prism-cli/dist/index.js');
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Contender extends SpawnedServer {
  readonly label: string;
}

/** Spawns `node ARGS` ({port}: a free port); ready when POST /plants answers 200. */
async function start(label: string, args: readonly string[]): Promise<Contender> {
  return { label, ...(await spawnServer({ args, ready: servesPlants, label })) };
}

/** Loads a contender with valid POST /plants; its CPU µs per request and the answers that were not 2xx. */
async function measure(contender: Contender, seconds: number) {
  return withCpu(contender.child.pid, () => runLoad({ url: contender.url, mix: 'valid', connections, duration: seconds }));
}

const upstream = await spawnServer({ args: ['--import', 'tsx', here('bare-upstream-server.ts'), '{port}'], label: 'upstream' });
const upstreamUrl = upstream.url;
const contenders: Contender[] = [];
const prismInstalled = existsSync(PRISM_CLI);
const cpu = new Map<string, number[]>();
const non2xx = new Map<string, number>();
try {
  contenders.push(await start('mock', [join(root, 'dist/cli/main.js'), '--port', '{port}', '--proxy', upstreamUrl]));
  // The same without a log line per request: how much of the gap the default logging makes.
  contenders.push(
    await start('mock, --log-level warn', [
      join(root, 'dist/cli/main.js'),
      '--port',
      '{port}',
      '--proxy',
      upstreamUrl,
      '--log-level',
      'warn',
    ]),
  );
  if (baseline !== undefined)
    contenders.push(await start('mock, baseline build', [join(baseline, 'dist/cli/main.js'), '--port', '{port}', '--proxy', upstreamUrl]));
  contenders.push(await start('bare undici', ['--import', 'tsx', here('bare-proxy-server.ts'), '{port}', upstreamUrl]));
  contenders.push(await start('bare undici dispatch', ['--import', 'tsx', here('bare-dispatch-server.ts'), '{port}', upstreamUrl]));
  if (prismInstalled)
    contenders.push(
      await start('prism proxy', [PRISM_CLI, 'proxy', join(root, 'openapi.yaml'), upstreamUrl, '-p', '{port}', '-h', '127.0.0.1']),
    );
  for (const contender of contenders) await measure(contender, warmup);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of order) {
      const result = await measure(contender, duration);
      cpu.set(contender.label, [...(cpu.get(contender.label) ?? []), result.cpuUsPerRequest]);
      non2xx.set(contender.label, (non2xx.get(contender.label) ?? 0) + result.non2xx + result.errors);
      log(`round ${round + 1}: ${contender.label} ${fixed(result.cpuUsPerRequest)} µs/request (${result.requests} requests)`);
    }
  }
} finally {
  for (const contender of contenders) await contender.stop();
  await upstream.stop();
}

const perRound = (over: string, under: string) =>
  (cpu.get(over) ?? []).map((value, i) => value / ((cpu.get(under) ?? [])[i] ?? Number.NaN));
const overCeiling = median(perRound('mock', 'bare undici'));
const quietOverCeiling = median(perRound('mock, --log-level warn', 'bare undici'));
const overLowCeiling = median(perRound('mock', 'bare undici dispatch'));
const overBaseline = median(perRound('mock', 'mock, baseline build'));
const underPrism = median(perRound('prism proxy', 'mock'));
writeReport(out, 'Proxy benchmark', [
  'Server CPU (user + system of the process and its descendants, from /proc) per valid `POST /plants` forwarded to the same ' +
    'upstream, a bare Node `http` server answering the Plant (scripts/bench/bare-upstream-server.ts). Contenders: the mock ' +
    '(`--proxy`, default logging; and with `--log-level warn`, no line per request), a bare Node `http` server forwarding over an undici Pool (scripts/bench/bare-proxy-server.ts), ' +
    "the same forwarding with undici's dispatch and no streams, as the mock forwards (scripts/bench/bare-dispatch-server.ts), " +
    (baseline === undefined ? '' : `the mock's earlier build at ${baseline}, `) +
    `and Prism's \`prism proxy\`. autocannon, ${connections} connections, ${duration} s per contender, ${rounds} rounds ` +
    `alternating (after ${warmup} s of warm-up each). Figures are medians; ratios are medians of per-round ratios.`,
  '',
  ...(prismInstalled ? [] : ["Prism's CLI (@stoplight/prism-cli) is not installed: `prism proxy` was not measured.", '']),
  markdownTable(
    ['contender', 'CPU µs per request', 'errors and non-2xx'],
    contenders.map((c) => [c.label, fixed(median(cpu.get(c.label) ?? [])), String(non2xx.get(c.label) ?? 0)]),
  ),
  '',
  markdownTable(
    ['measure', 'value', 'target', 'verdict'],
    [
      ['mock / bare undici', `${overCeiling.toFixed(2)}x`, '<= 1.5x', verdict(overCeiling <= 1.5)],
      ['mock with --log-level warn / bare undici', `${quietOverCeiling.toFixed(2)}x`, '', ''],
      ['mock / bare undici dispatch', `${overLowCeiling.toFixed(2)}x`, '', ''],
      ...(baseline === undefined ? [] : [['mock / its baseline build', `${overBaseline.toFixed(2)}x`, '', '']]),
      prismInstalled
        ? ['prism proxy / mock', `${underPrism.toFixed(2)}x`, '>= 5x', verdict(underPrism >= 5)]
        : ['prism proxy / mock', 'not measured (Prism CLI not installed)', '>= 5x', 'n/a'],
    ],
  ),
  '',
]);
