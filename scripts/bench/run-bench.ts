/**
 * `npm run bench`: this mock, Prism's CLI mock and a bare-Fastify ceiling, measured one at a time and back
 * to back over several rounds, each warmed up, under the same request mixes; then start-up to first served
 * request, mock vs Prism. Prints a markdown summary and writes it to bench/results.md. Asserts nothing.
 *
 * Then, unless --skip-real, a GET on GitHub's REST API description, the mock beside Prism (real-get.ts).
 *
 * Flags: --rounds N (5) --duration S (5) --warmup S (10) --settle S (2) --slices N (5) --startups N (5) --connections N (50) --out PATH
 * --steady PATH: Steady's CLI (npm @stdy/cli, installed outside the repository) joins the start-up and CPU tables;
 * with --large-spec FILE, the mock and Steady start side by side on that document too (openai's spec).
 * --skip-real --load-only (leaves out the per-test and scale benches that otherwise follow) --loader wrk|autocannon
 * (wrk where installed, see wrk.ts)
 *
 * The warm-up is the issue's method (10 s of load before a fixed measured load, every contender alike): in a
 * shorter one V8's optimising compiler is still at work during the measured window, and it charges a
 * server with more hot code (the mock) more than a bare one, so a short warm-up measures compilation, not
 * the steady state a long-running test double lives in. Each measured window follows an unmeasured settle of
 * the same mix on the same server: between its warm-up and its window a server waits for the others' (tens of
 * seconds, which depend on its place in the rotating order), and a server that waited starts its window with
 * a heap the engine shrank while it idled. The measured window is cut into slices taken from the servers in
 * turn (sliced-load.ts), so the servers a round compares share the same seconds of a shared machine.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type LoadResult, loaderFlag, type MixName, runLoad } from './load.js';
import { machineLine } from './machine.js';
import { measureRealGet, REAL_GET_PATH, type RealGetSample } from './real-get.js';
import { commandFor, type RunningServer, rssMb, type ServerName, spawnServer, startServer, useSteady } from './servers.js';
import { slicedLoad } from './sliced-load.js';
import { fixed, markdownTable, median } from './stats.js';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '10' },
    settle: { type: 'string', default: '2' },
    slices: { type: 'string', default: '5' },
    loader: { type: 'string' },
    startups: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string', default: 'bench/results.md' },
    'skip-real': { type: 'boolean', default: false },
    steady: { type: 'string' },
    'large-spec': { type: 'string' },
    'load-only': { type: 'boolean', default: false },
  },
});
const rounds = Number(flags.rounds);
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const settle = Number(flags.settle);
const slices = Number(flags.slices);
const loader = loaderFlag(flags.loader);
const startups = Number(flags.startups);
const connections = Number(flags.connections);

useSteady(flags.steady);
const SERVERS: readonly ServerName[] = flags.steady ? ['mock', 'prism', 'ceiling', 'steady'] : ['mock', 'prism', 'ceiling'];
const STARTERS = flags.steady ? (['mock', 'prism', 'steady'] as const) : (['mock', 'prism'] as const);
const MIX_NAMES: readonly MixName[] = ['valid', 'mixed', 'rejected'];
const MIX_TITLES: Readonly<Record<MixName, string>> = {
  valid: 'Valid `POST /plants`',
  mixed: 'Mixed: 50% valid, 30% invalid bodies, 20% missing auth',
  rejected: 'Rejected: authorised `POST /plants` with invalid bodies (400)',
};
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Sample extends LoadResult {
  readonly rss: number;
  /** Server CPU (user + system) over the measured load, per request answered. */
  readonly cpuUsPerRequest: number;
}
const samples = new Map<string, Sample[]>();
const key = (server: ServerName, mix: MixName) => `${server}/${mix}`;

// Start-up first, while the machine is quiet: spawn to first successful POST /plants.
const startupMs: Record<'mock' | 'prism' | 'steady', number[]> = { mock: [], prism: [], steady: [] };
for (let i = 0; i < startups; i++) {
  for (const name of STARTERS) {
    const server = await startServer(name);
    startupMs[name].push(server.startupMs);
    await server.stop();
  }
}
log(`start-up ms: ${STARTERS.map((name) => `${name} ${startupMs[name].map((v) => v.toFixed(0)).join(' ')}`).join('; ')}`);
// With --large-spec and --steady: the mock and Steady side by side on a large document (openai's), spawn
// to the first answer of the health path both serve.
const largeMs: Record<'mock' | 'steady', number[]> = { mock: [], steady: [] };
if (flags['large-spec'] && flags.steady) {
  const large = flags['large-spec'];
  const healthy = async (url: string) => (await fetch(`${url}/_x-steady/health`).catch(() => undefined))?.status === 200;
  for (let i = 0; i < startups; i++) {
    for (const name of ['mock', 'steady'] as const) {
      const { command, args } = commandFor(name, '{port}');
      const withLarge = name === 'mock' ? [...args, '--spec', large] : [...args.slice(0, -1), large];
      const server = await spawnServer({ command, args: withLarge, ready: healthy, label: `${name} ${large}` });
      largeMs[name].push(server.startupMs);
      await server.stop();
    }
  }
  log(
    `large-spec start-up ms: mock ${largeMs.mock.map((v) => v.toFixed(0)).join(' ')}; steady ${largeMs.steady.map((v) => v.toFixed(0)).join(' ')}`,
  );
}

for (let round = 0; round < rounds; round++) {
  // Rotate the order so no server always runs first (or last) in a round.
  const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length] as ServerName);
  // All three are started and warmed up first, then measured back to back, mix by mix: the servers a
  // ratio compares are measured seconds apart, not minutes (Prism's start-up), so a change in what other
  // jobs take of the machine moves them together. An idle server takes no measurable CPU.
  const running: RunningServer[] = [];
  try {
    for (const name of order) {
      const server = await startServer(name);
      running.push(server);
      await runLoad({ url: server.url, mix: 'valid', connections, duration: warmup, loader });
    }
    for (const mix of MIX_NAMES) {
      const results = await slicedLoad(running, { mix, connections, duration, slices, settle, loader });
      for (const [server, result] of results) {
        const sample = { ...result, rss: rssMb(server.child.pid) };
        samples.set(key(server.name, mix), [...(samples.get(key(server.name, mix)) ?? []), sample]);
        log(
          `round ${round + 1} ${server.name} ${mix}: ${fixed(result.reqPerSec)} req/s, CPU ${fixed(result.cpuUsPerRequest, 1)} us/req, p50 ${fixed(result.p50, 1)} ms, p99 ${fixed(result.p99, 1)} ms, ` +
            `errors ${result.errors}, non-2xx ${result.non2xx}, RSS ${fixed(sample.rss)} MB`,
        );
      }
    }
  } finally {
    await Promise.all(running.map((server) => server.stop()));
  }
}

const summary = (name: ServerName, mix: MixName) => {
  const list = samples.get(key(name, mix)) ?? [];
  return {
    reqPerSec: median(list.map((s) => s.reqPerSec)),
    cpuUsPerRequest: median(list.map((s) => s.cpuUsPerRequest)),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    errors: list.reduce((sum, s) => sum + s.errors, 0),
    non2xx: list.reduce((sum, s) => sum + s.non2xx, 0),
    rss: median(list.map((s) => s.rss)),
  };
};

const sections: string[] = [
  '# Benchmark results',
  '',
  `Measured ${machineLine()}.`,
  '',
  `${rounds} rounds; in each, the three servers started and warmed up (${warmup} s), then measured in turn (${duration} s per mix and server, after ${settle} s of the same mix unmeasured, in ${slices} slices taken from the servers in a rotating order), ` +
    `${loader === 'wrk' ? 'wrk (one thread)' : 'autocannon'} with ${connections} connections on 127.0.0.1; figures are medians over the rounds (errors and non-2xx are totals).`,
  "CPU us/req is the user + system time of the server's process and its descendants (Prism's CLI forks its server) over the measured load (from /proc) divided by the requests answered: " +
    'unlike req/s, it does not move with how much of the machine the load generator and other jobs take.',
  'Servers: `mock` = `node dist/cli/main.js` (defaults, `--log-level info`), `prism` = `prism mock openapi.yaml` 5.12.0 (static, ' +
    'default logging), `ceiling` = bare Fastify with its own Ajv body schema, bearer check and echo (scripts/bench/ceiling-server.ts).',
];
for (const mix of MIX_NAMES) {
  sections.push(
    '',
    `## ${MIX_TITLES[mix]}`,
    '',
    markdownTable(
      ['server', 'req/s', 'CPU us/req', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'RSS after load MB'],
      SERVERS.map((name) => {
        const s = summary(name, mix);
        return [
          name,
          fixed(s.reqPerSec),
          fixed(s.cpuUsPerRequest, 1),
          fixed(s.p50, 1),
          fixed(s.p99, 1),
          String(s.errors),
          String(s.non2xx),
          fixed(s.rss),
        ];
      }),
    ),
  );
}
const mockValid = summary('mock', 'valid');
const mockStart = median(startupMs.mock);
const prismStart = median(startupMs.prism);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
/**
 * The ratio within each round (servers measured minutes apart, not tens of minutes), then its median:
 * steadier than a ratio of medians when other jobs load the machine unevenly.
 */
const roundRatio = (mix: MixName, other: ServerName) => {
  const mine = samples.get(key('mock', mix)) ?? [];
  const theirs = samples.get(key(other, mix)) ?? [];
  return median(mine.map((sample, i) => sample.reqPerSec / (theirs[i]?.reqPerSec ?? Number.NaN)));
};
/**
 * CPU per request of the other server over the mock's: how many times the mock's throughput the other's
 * would be were each limited by its own CPU alone (the targets' sense on a machine where the load
 * generator caps the fast servers). Per round, then the median.
 */
const cpuRatio = (mix: MixName, other: ServerName) => {
  const mine = samples.get(key('mock', mix)) ?? [];
  const theirs = samples.get(key(other, mix)) ?? [];
  return median(mine.map((sample, i) => (theirs[i]?.cpuUsPerRequest ?? Number.NaN) / sample.cpuUsPerRequest));
};
/** The mock's CPU per request over another's, round by round: the spread the medians hide. */
const perRound = (mix: MixName, other: ServerName) => {
  const theirs = samples.get(key(other, mix)) ?? [];
  return (samples.get(key('mock', mix)) ?? [])
    .map((sample, i) => (sample.cpuUsPerRequest / (theirs[i]?.cpuUsPerRequest ?? Number.NaN)).toFixed(2))
    .join(', ');
};
const cpuVsPrism = cpuRatio('valid', 'prism');
const cpuVsCeiling = cpuRatio('valid', 'ceiling');
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const throughputVsPrism = mockValid.reqPerSec / summary('prism', 'valid').reqPerSec;
const throughputVsCeiling = mockValid.reqPerSec / summary('ceiling', 'valid').reqPerSec;
sections.push(
  '',
  '## Start-up: spawn to first successful `POST /plants`',
  '',
  markdownTable(
    ['server', 'median ms', 'runs ms'],
    STARTERS.map((name) => [name, fixed(median(startupMs[name])), startupMs[name].map((v) => fixed(v)).join(', ')]),
  ),
  ...(largeMs.mock.length > 0
    ? [
        '',
        `Spawn to first answer of \`GET /_x-steady/health\` on ${flags['large-spec']}:`,
        '',
        markdownTable(
          ['server', 'median ms', 'runs ms'],
          (['mock', 'steady'] as const).map((name) => [name, fixed(median(largeMs[name])), largeMs[name].map((v) => fixed(v)).join(', ')]),
        ),
      ]
    : []),
  '',
  '## Ratios against the targets',
  '',
  markdownTable(
    ['measure', 'value', 'target', 'verdict'],
    [
      [
        'valid req/s, mock / prism',
        ratio(mockValid.reqPerSec, summary('prism', 'valid').reqPerSec),
        '>= 8x',
        verdict(throughputVsPrism >= 8),
      ],
      [
        'valid req/s, mock / ceiling',
        ratio(mockValid.reqPerSec, summary('ceiling', 'valid').reqPerSec),
        '>= 0.5x',
        verdict(throughputVsCeiling >= 0.5),
      ],
      [
        'valid req/s, mock / prism, median of per-round ratios',
        `${roundRatio('valid', 'prism').toFixed(2)}x`,
        '>= 8x',
        verdict(roundRatio('valid', 'prism') >= 8),
      ],
      [
        'valid req/s, mock / ceiling, median of per-round ratios',
        `${roundRatio('valid', 'ceiling').toFixed(2)}x`,
        '>= 0.5x',
        verdict(roundRatio('valid', 'ceiling') >= 0.5),
      ],
      ['valid CPU us/req, prism / mock (median of per-round ratios)', `${cpuVsPrism.toFixed(2)}x`, '>= 10x', verdict(cpuVsPrism >= 10)],
      [
        'valid CPU us/req, mock / ceiling (median of per-round ratios)',
        `${(1 / cpuVsCeiling).toFixed(2)}x`,
        '<= 1.3x',
        verdict(1 / cpuVsCeiling <= 1.3),
      ],
      ['valid CPU us/req, mock / ceiling, each round', perRound('valid', 'ceiling'), '', ''],
      ['rejected CPU us/req, mock / ceiling (median of per-round ratios)', `${(1 / cpuRatio('rejected', 'ceiling')).toFixed(2)}x`, '', ''],
      [
        'rejected CPU us/req, prism / mock (median of per-round ratios)',
        `${cpuRatio('rejected', 'prism').toFixed(2)}x`,
        '>= 10x',
        verdict(cpuRatio('rejected', 'prism') >= 10),
      ],
      [
        'valid CPU us/req, ceiling / mock (median of per-round ratios)',
        `${cpuVsCeiling.toFixed(2)}x`,
        '>= 0.5x',
        verdict(cpuVsCeiling >= 0.5),
      ],
      ['mixed CPU us/req, prism / mock (median of per-round ratios)', `${cpuRatio('mixed', 'prism').toFixed(2)}x`, '', ''],
      ['mixed CPU us/req, ceiling / mock (median of per-round ratios)', `${cpuRatio('mixed', 'ceiling').toFixed(2)}x`, '', ''],
      ['mixed req/s, mock / prism', ratio(summary('mock', 'mixed').reqPerSec, summary('prism', 'mixed').reqPerSec), '', ''],
      ['mixed req/s, mock / ceiling', ratio(summary('mock', 'mixed').reqPerSec, summary('ceiling', 'mixed').reqPerSec), '', ''],
      ['mixed req/s, mock / prism, median of per-round ratios', `${roundRatio('mixed', 'prism').toFixed(2)}x`, '', ''],
      ['mixed req/s, mock / ceiling, median of per-round ratios', `${roundRatio('mixed', 'ceiling').toFixed(2)}x`, '', ''],
      [`mock p99 at ${connections} connections (valid)`, `${fixed(mockValid.p99, 1)} ms`, '<= 5 ms', verdict(mockValid.p99 <= 5)],
      ['start-up, mock / prism', ratio(mockStart, prismStart), '<= 0.4x', verdict(mockStart / prismStart <= 0.4)],
      ...(flags.steady
        ? [
            [
              'start-up, mock / steady',
              ratio(mockStart, median(startupMs.steady)),
              '<= 1x',
              verdict(mockStart <= median(startupMs.steady)),
            ],
            ...(largeMs.mock.length > 0
              ? [
                  [
                    'start-up on the large spec, mock / steady',
                    ratio(median(largeMs.mock), median(largeMs.steady)),
                    '<= 1x',
                    verdict(median(largeMs.mock) <= median(largeMs.steady)),
                  ],
                ]
              : []),
            ['valid CPU us/req, steady / mock (median of per-round ratios)', `${cpuRatio('valid', 'steady').toFixed(2)}x`, '', ''],
            ['mixed CPU us/req, steady / mock (median of per-round ratios)', `${cpuRatio('mixed', 'steady').toFixed(2)}x`, '', ''],
          ]
        : []),
    ],
  ),
  '',
);
if (!flags['skip-real']) {
  const real = await measureRealGet({ rounds, duration, warmup, connections, log });
  const of = (name: 'mock' | 'prism', pick: (s: RealGetSample) => number) => median((real.get(name) ?? []).map(pick));
  const mine = real.get('mock') ?? [];
  const theirs = real.get('prism') ?? [];
  const prismOverMock = median(mine.map((sample, i) => (theirs[i]?.cpuUsPerRequest ?? Number.NaN) / sample.cpuUsPerRequest));
  sections.push(
    `## \`GET ${REAL_GET_PATH}\` on GitHub's REST API description`,
    '',
    `Both servers started once on the document (\`@octokit/openapi\`, scripts/bench/real-documents.ts), warmed up, then measured back to back each round.`,
    '',
    markdownTable(
      ['server', 'req/s', 'CPU us/req', 'p99 ms', 'errors', 'non-2xx'],
      (['mock', 'prism'] as const).map((name) => [
        name,
        fixed(of(name, (s) => s.reqPerSec)),
        fixed(
          of(name, (s) => s.cpuUsPerRequest),
          1,
        ),
        fixed(
          of(name, (s) => s.p99),
          1,
        ),
        String((real.get(name) ?? []).reduce((sum, s) => sum + s.errors, 0)),
        String((real.get(name) ?? []).reduce((sum, s) => sum + s.non2xx, 0)),
      ]),
    ),
    '',
    markdownTable(
      ['measure', 'value', 'target', 'verdict'],
      [
        [
          'GitHub GET CPU us/req, prism / mock (median of per-round ratios)',
          `${prismOverMock.toFixed(2)}x`,
          '>= 10x',
          verdict(prismOverMock >= 10),
        ],
      ],
    ),
    '',
  );
}
const markdown = sections.join('\n');
writeFileSync(flags.out, markdown);
process.stdout.write(`${markdown}\n`);
log(`written to ${flags.out}`);
// The per-test, scale, streams and proxy sections, each in its own process with its own defaults (bench/per-test.md, bench/scale.md, bench/streams.md, bench/proxy.md).
for (const script of flags['load-only'] ? [] : ['per-test.ts', 'scale.ts', 'streams.ts', 'proxy.ts'])
  execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], { stdio: 'inherit' });
