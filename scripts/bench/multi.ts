/**
 * `npm run bench:multi`: ten synthetic documents of 400 operations each on one server (`--spec` ten
 * times, each mounted at its servers URL's path `/apiK`), against the same 4,000 operations merged into
 * one document, and against one of the ten alone (today's single document): spawn to the first answer,
 * RSS then, and, once the example sweep is over, the server's CPU per request (and requests per second) answering a read of the last
 * document's last resource. Contenders interleaved, medians of --runs.
 *
 * Flags: --runs N (3) --load S (5) --settle S (8: after the first answer, before the load) --out PATH (bench/multi.md)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machineLine } from './machine.js';
import { freePort, rssMb, stopper, withCpu } from './servers.js';
import { fixed, markdownTable, median } from './stats.js';
import { BENCH_DIR, syntheticApi } from './synthetic-api.js';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: '5' },
    out: { type: 'string', default: 'bench/multi.md' },
    settle: { type: 'string', default: '8' },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const root = fileURLToPath(new URL('../../', import.meta.url));
const DOCUMENTS = 10;
const OPERATIONS = 400;
const AUTH = { authorization: 'Bearer bench' };

/** Document k: the synthetic API with its names made its own (`d3r0000`), served at `/api3`. */
function documentOf(k: number): { paths: Record<string, unknown>; text: string } {
  const text = JSON.stringify(syntheticApi(OPERATIONS)).replace(/\br(\d{4})/g, `d${k}r$1`);
  return { paths: (JSON.parse(text) as { paths: Record<string, unknown> }).paths, text };
}

function writeDocuments(): { multi: string[]; merged: string; single: string } {
  mkdirSync(`${BENCH_DIR}multi`, { recursive: true });
  const multi: string[] = [];
  const merged = syntheticApi(OPERATIONS) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
  merged.paths = {};
  merged.components.schemas = {};
  let single = '';
  for (let k = 0; k < DOCUMENTS; k++) {
    const { text } = documentOf(k);
    const document = JSON.parse(text) as typeof merged & { servers?: unknown };
    for (const [path, item] of Object.entries(document.paths)) merged.paths[`/api${k}${path}`] = item;
    Object.assign(merged.components.schemas, document.components.schemas);
    single = `${BENCH_DIR}multi/alone.json`;
    if (k === DOCUMENTS - 1) writeFileSync(single, JSON.stringify(document));
    document.servers = [{ url: `http://localhost/api${k}` }];
    const path = `${BENCH_DIR}multi/api${k}.json`;
    writeFileSync(path, JSON.stringify(document));
    multi.push(path);
  }
  const mergedPath = `${BENCH_DIR}multi/merged.json`;
  writeFileSync(mergedPath, JSON.stringify(merged));
  return { multi, merged: mergedPath, single };
}

type Contender = 'multi' | 'merged' | 'single';
const files = writeDocuments();
const last = `d${DOCUMENTS - 1}r${String(OPERATIONS / 4 - 1).padStart(4, '0')}`;
const probe: Record<Contender, string> = {
  multi: `/api${DOCUMENTS - 1}/${last}/7`,
  merged: `/api${DOCUMENTS - 1}/${last}/7`,
  single: `/${last}/7`,
};
const specArgs: Record<Contender, string[]> = {
  multi: files.multi.flatMap((file) => ['--spec', file]),
  merged: ['--spec', files.merged],
  single: ['--spec', files.single],
};

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { headers: AUTH, signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function measure(name: Contender) {
  const port = await freePort();
  const sink = spawn('cat', [], { stdio: ['pipe', 'ignore', 'ignore'] });
  const startedAt = performance.now();
  const child = spawn(process.execPath, [`${root}dist/cli/main.js`, ...specArgs[name], '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', sink.stdin ?? 'ignore', 'ignore'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const stop = stopper(child, sink);
  const url = `http://127.0.0.1:${port}`;
  try {
    while (!(await answers(`${url}${probe[name]}`))) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
      if (performance.now() - startedAt > 180_000) throw new Error(`${name} did not answer within 180 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const startupMs = performance.now() - startedAt;
    const rssStart = rssMb(child.pid);
    // The example sweep after start-up takes up to its budget of CPU: let it end before measuring requests.
    await new Promise((resolve) => setTimeout(resolve, Number(flags.settle) * 1000));
    const result = await withCpu(child.pid, async () => {
      const run = await autocannon({ url: `${url}${probe[name]}`, connections: 10, duration: Number(flags.load), headers: AUTH });
      return { requests: run.requests.total, reqPerSec: run.requests.total / (run.duration || 1), non2xx: run.non2xx };
    });
    return { startupMs, rssStart, cpuUs: result.cpuUsPerRequest, reqPerSec: result.reqPerSec, non2xx: result.non2xx };
  } finally {
    await stop();
  }
}

const NAMES: readonly Contender[] = ['multi', 'merged', 'single'];
type Sample = Awaited<ReturnType<typeof measure>>;
const samples = new Map<Contender, Sample[]>();
for (let run = 0; run < Number(flags.runs); run++) {
  for (const name of run % 2 === 0 ? NAMES : [...NAMES].reverse()) {
    const sample = await measure(name);
    samples.set(name, [...(samples.get(name) ?? []), sample]);
    log(
      `run ${run + 1} ${name}: start ${fixed(sample.startupMs)} ms, RSS ${fixed(sample.rssStart)} MB, ${fixed(sample.cpuUs, 1)} µs CPU/request, ${fixed(sample.reqPerSec)} req/s, non-2xx ${sample.non2xx}`,
    );
  }
}
const of = (name: Contender, pick: (s: Sample) => number) => median((samples.get(name) ?? []).map(pick));
const rows = NAMES.map((name) => [
  name,
  fixed(of(name, (s) => s.startupMs)),
  fixed(of(name, (s) => s.rssStart)),
  fixed(
    of(name, (s) => s.cpuUs),
    1,
  ),
  fixed(of(name, (s) => s.reqPerSec)),
]);
const ratio = (pick: (s: Sample) => number, a: Contender, b: Contender) => fixed(of(a, pick) / of(b, pick), 2);
const markdown = [
  '# Several documents on one server',
  '',
  `Measured ${machineLine()}; ${flags.runs} runs, interleaved, medians; ${flags.load} s of load (10 connections) per run.`,
  '',
  `multi: ${DOCUMENTS} documents of ${OPERATIONS} operations, each at its servers URL's path; merged: the same ${DOCUMENTS * OPERATIONS} operations in one document;`,
  `single: one of the ten alone, at \`/\`. Each answers \`GET ${probe.multi}\` (single: \`${probe.single}\`).`,
  '',
  markdownTable(['contender', 'start to first answer (ms)', 'RSS then (MB)', 'CPU per request (µs)', 'req/s'], rows),
  '',
  `Ratios: start multi/merged ${ratio((s) => s.startupMs, 'multi', 'merged')}, RSS multi/merged ${ratio((s) => s.rssStart, 'multi', 'merged')}, CPU per request multi/single ${ratio((s) => s.cpuUs, 'multi', 'single')}.`,
  '',
].join('\n');
writeFileSync(flags.out, markdown);
process.stdout.write(markdown);
