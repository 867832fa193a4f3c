/**
 * `npm run conformance:load`: does every document of the real-document corpus (APIs.guru, see corpus.ts)
 * load? Each is started by the built CLI in its own process with a start-up bound (load-one.ts), one at a
 * time by default (the machines' cores are shared). Counts of each outcome, the time to listening, and
 * every document that did not load with the mock's own line. Stops starting documents past --minutes.
 *
 * Usage: npm run conformance:load -- [--documents N (all)] [--seed N (1)] [--timeout S (30)]
 *   [--concurrency N (1)] [--minutes M (180)] [--dir PATH] [--out FILE.md]
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { markdownTable, median, percentile } from '../bench/stats.js';
import { corpusDirectory, corpusDocuments, sample } from './corpus.js';
import { type LoadOutcome, loadOne } from './load-one.js';

const { values: flags } = parseArgs({
  options: {
    documents: { type: 'string' },
    seed: { type: 'string', default: '1' },
    timeout: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '1' },
    minutes: { type: 'string', default: '180' },
    dir: { type: 'string' },
    out: { type: 'string' },
  },
});
const dir = flags.dir ?? corpusDirectory();
const every = corpusDocuments(dir);
const chosen = flags.documents === undefined ? every : sample(every, Number(flags.documents), Number(flags.seed));
const boundMs = Number(flags.timeout) * 1000;
const deadline = performance.now() + Number(flags.minutes) * 60_000;
const KINDS = ['loaded', 'refused', 'slow', 'timed out', 'crashed'] as const;

const results: { name: string; outcome: LoadOutcome }[] = [];
const loads: number[] = [];
let next = 0;
async function worker(): Promise<void> {
  while (next < chosen.length && performance.now() < deadline) {
    const file = chosen[next] as string;
    next += 1;
    const name = relative(dir, file);
    const outcome = await loadOne(file, boundMs);
    results.push({ name, outcome });
    const line = 'line' in outcome ? ` ${outcome.line}` : '';
    process.stderr.write(`${results.length}/${chosen.length} ${outcome.kind} ${(outcome.ms / 1000).toFixed(1)} s ${name}${line}\n`);
  }
}
const startedAt = Date.now();
const loadBefore = loadavg();
await Promise.all(Array.from({ length: Math.max(1, Number(flags.concurrency)) }, worker));
const minutes = (Date.now() - startedAt) / 60_000;

for (const { outcome } of results) if (outcome.kind === 'loaded') loads.push(outcome.ms);
loads.sort((a, b) => a - b);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const count = (kind: string) => results.filter((r) => r.outcome.kind === kind).length;
const others = results.filter((r) => r.outcome.kind !== 'loaded').sort((a, b) => a.name.localeCompare(b.name));
const which = flags.documents === undefined ? 'every document' : `a sample of ${flags.documents} (seed ${flags.seed})`;
const report = [
  `Load sweep: ${which} of ${dir} (${every.length} documents), bound ${flags.timeout} s, concurrency ${flags.concurrency}.`,
  `${results.length} started in ${minutes.toFixed(1)} min on ${cpus().length} cores; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end.`,
  '',
  markdownTable(
    ['outcome', 'documents'],
    KINDS.map((kind) => [kind, String(count(kind))]),
  ),
  '',
  loads.length === 0
    ? 'Nothing loaded.'
    : `Spawn to listening, loaded documents: median ${seconds(median(loads))} s, p95 ${seconds(percentile(loads, 0.95))} s, max ${seconds(loads.at(-1) ?? 0)} s.`,
  '',
  markdownTable(
    ['document', 'outcome', 's', 'line'],
    others.map(({ name, outcome }) => [
      name,
      outcome.kind,
      seconds(outcome.ms),
      'line' in outcome ? outcome.line.replaceAll('|', '\\|') : '',
    ]),
  ),
  '',
];
process.stdout.write(report.join('\n'));
if (flags.out) writeFileSync(flags.out, report.join('\n'));
