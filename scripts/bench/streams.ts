/**
 * The streams section of `npm run bench` (also `npm run bench:streams`): the server CPU of streaming
 * 1,000 small SSE events, the mock against a bare Node `http` server writing the same bytes (the same
 * chunks, one write each), side by side in each round; then the p99 of plain requests at a steady rate,
 * alone and while 200 streams stay open on the same mock. Writes bench/streams.md. Asserts nothing.
 *
 * Flags: --rounds N (5) --streams N (40 per round; /proc counts CPU in 10 ms ticks) --open N (200)
 * --rate N (plain requests a second, 200) --duration S (5) --out PATH
 */
import { writeFileSync } from 'node:fs';
import { type ClientRequest, get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchFlags } from './flags.js';
import { verdict, writeReport } from './machine.js';
import { pacedLatency } from './paced-latency.js';
import { cpuSeconds, type SpawnedServer, spawnServer } from './servers.js';
import { fixed, markdownTable, median } from './stats.js';

const {
  rounds,
  streams: perRound,
  open,
  rate,
  duration,
  out,
} = benchFlags({ rounds: 5, streams: 40, open: 200, rate: 200, duration: 5 }, 'bench/streams.md');

const NOT_MEASURED = { p99: Number.NaN, load: Number.NaN };
let bareQuiet = NOT_MEASURED;
const root = fileURLToPath(new URL('../../', import.meta.url));
const SPEC = fileURLToPath(new URL('streams-api.yaml', import.meta.url));
const EVENTS = 1000;
const STREAM_PATH = `/events?__stream_count=${EVENTS}&__stream_interval=0`;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function pings(url: string): Promise<boolean> {
  return fetch(`${url}/ping`)
    .then((r) => r.ok)
    .catch(() => false);
}

const start = (args: readonly string[]) => spawnServer({ args, ready: pings, timeoutMs: 60_000 });

/** Reads `count` streams one after the other; the server's CPU seconds over them, per stream. */
async function cpuPerStream(server: SpawnedServer, count: number): Promise<number> {
  const before = cpuSeconds(server.child.pid);
  for (let i = 0; i < count; i++) await (await fetch(`${server.url}${STREAM_PATH}`)).arrayBuffer();
  return (cpuSeconds(server.child.pid) - before) / count;
}

/** The p99 of plain requests sent at a steady `rate` a second (not as fast as they go: that would measure the queue). */
async function p99(url: string): Promise<{ p99: number; load: number }> {
  const result = await pacedLatency(url, '/ping', rate, duration);
  return { p99: result.p99, load: loadavg()[0] ?? Number.NaN };
}

/** Opens `count` streams that would last minutes; returns the function that ends them. */
function holdStreams(url: string, count: number): Promise<() => void> {
  const requests: ClientRequest[] = [];
  const opened = Array.from(
    { length: count },
    () =>
      new Promise<void>((resolve, reject) => {
        const request = get(`${url}/events?__stream_count=10000&__stream_interval=100`, (response) => {
          response.on('data', () => {});
          response.on('error', () => {});
          resolve();
        });
        request.on('error', reject);
        requests.push(request);
      }),
  );
  return Promise.all(opened).then(() => () => {
    for (const request of requests) request.destroy();
  });
}

const mockArgs = [join(root, 'dist/cli/main.js'), '--spec', SPEC, '--port', '{port}'];
const mock = await start(mockArgs);
// The baseline writes exactly the chunks the mock writes.
const body = await (await fetch(`${mock.url}${STREAM_PATH}`)).text();
const chunks = body.split(/(?<=\n\n)/);
const chunkFile = join(tmpdir(), `bench-stream-chunks-${process.pid}.json`);
writeFileSync(chunkFile, JSON.stringify(chunks));
const bare = await start(['--import', 'tsx', fileURLToPath(new URL('bare-stream-server.ts', import.meta.url)), '{port}', chunkFile]);

const mockCpu: number[] = [];
const bareCpu: number[] = [];
try {
  await cpuPerStream(mock, perRound);
  await cpuPerStream(bare, perRound);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ([mock, bare] as const) : ([bare, mock] as const);
    for (const server of order) (server === mock ? mockCpu : bareCpu).push(await cpuPerStream(server, perRound));
    log(
      `round ${round + 1}: mock ${fixed((mockCpu.at(-1) ?? 0) * 1e3, 2)} ms/stream, bare ${fixed((bareCpu.at(-1) ?? 0) * 1e3, 2)} ms/stream`,
    );
  }
} finally {
  // What the machine allows: the same plain load on the bare server, so a p99 set by other jobs shows as such.
  bareQuiet = await p99(bare.url).catch(() => NOT_MEASURED);
  await bare.stop();
}

let quiet = NOT_MEASURED;
let loaded = NOT_MEASURED;
try {
  quiet = await p99(mock.url);
  const end = await holdStreams(mock.url, open);
  try {
    loaded = await p99(mock.url);
  } finally {
    end();
  }
  log(`p99 of GET /ping at ${rate}/s: ${quiet.p99} ms alone, ${loaded.p99} ms with ${open} streams open`);
} finally {
  await mock.stop();
}

const ratios = mockCpu.map((cpu, i) => cpu / (bareCpu[i] ?? Number.NaN));
const ratio = median(ratios);
writeReport(out, 'Streams benchmark', [
  `Server CPU (user + system, from /proc) to stream ${EVENTS} small SSE events (\`${STREAM_PATH}\` on scripts/bench/streams-api.yaml, ` +
    `${body.length} bytes), ${perRound} streams one after the other per round, ${rounds} rounds, the two servers alternating; the baseline is a ` +
    'bare Node `http` server writing the same chunks, one write each (scripts/bench/bare-stream-server.ts). Figures are medians.',
  '',
  markdownTable(
    ['server', 'CPU ms per stream'],
    [
      ['mock', fixed(median(mockCpu) * 1e3, 2)],
      ['bare node http', fixed(median(bareCpu) * 1e3, 2)],
    ],
  ),
  '',
  `Plain requests (\`GET /ping\`, ${rate} a second each on its own schedule over 10 keep-alive connections, ${duration} s; scripts/bench/paced-latency.ts) on the bare server, on one mock alone, and with ` +
    `${open} streams open (each an event every 100 ms); the load average (1 min) at the end of each run beside it: on a shared ` +
    'machine other jobs set much of the p99.',
  '',
  markdownTable(
    ['measure', 'value', 'target', 'verdict'],
    [
      ['stream CPU, mock / bare (median of per-round ratios)', `${ratio.toFixed(2)}x`, '<= 2x', verdict(ratio <= 2)],
      [`p99 of plain requests on the bare Node server (load ${fixed(bareQuiet.load, 1)})`, `${fixed(bareQuiet.p99, 1)} ms`, '', ''],
      [`p99 of plain requests, no streams (load ${fixed(quiet.load, 1)})`, `${fixed(quiet.p99, 1)} ms`, '', ''],
      [
        `p99 of plain requests, ${open} streams open (load ${fixed(loaded.load, 1)})`,
        `${fixed(loaded.p99, 1)} ms`,
        '< 10 ms',
        verdict(loaded.p99 < 10),
      ],
    ],
  ),
  '',
]);
