/**
 * `npm run judge -- --prism-harness DIR`: Prism's own black-box harness (DIR: a checkout of
 * stoplightio/prism, or its test-harness/specs) run against the mock, each case judged as Prism's
 * runner judges it: the case's curl command, its output compared with Gavel (the version Prism pins)
 * and, for `expect`, the body exactly; XML bodies with diff-js-xml. Those libraries are installed on
 * first use under node_modules/.cache, not saved in package.json.
 */
import { exec, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  aimCommand,
  expectsPrismWords,
  type HarnessCase,
  parseCase,
  translateServer,
  withoutCharsetDifference,
} from './prism-harness-case.js';
import { expectsPrism422, PRISM_ONLY, STATUS_422_REASON } from './prism-harness-differences.js';
import { startMock } from './start-mock.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const libraries = join(root, 'node_modules', '.cache', 'plantstore-judge', 'prism-harness');
const PINNED = ['gavel@10.0.3', 'http-string-parser@0.0.6', 'diff-js-xml@1.0.8', 'fast-xml-parser@5.5.7', 'type-is@1.6.18'];
const run = promisify(exec);

interface Parsed {
  statusCode?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Judges {
  gavel: {
    validate(
      expected: Parsed,
      actual: Parsed,
    ): { valid: boolean; fields: Record<string, { valid: boolean; errors: { message: string }[] }> };
  };
  parseResponse(text: string): Parsed;
  diffAsXml(a: string, b: string, o: object, opts: object, done: (result: unknown[]) => void): void;
  isXml(contentType: string, body: string): boolean;
}

function judges(): Judges {
  if (!existsSync(join(libraries, 'node_modules', 'gavel'))) {
    process.stderr.write(`installing ${PINNED.join(' ')} into ${libraries} (not saved in package.json)...\n`);
    mkdirSync(libraries, { recursive: true });
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', libraries, ...PINNED], { stdio: 'inherit' });
  }
  const load = createRequire(join(libraries, 'index.js'));
  const typeIs = load('type-is') as { is(type: string, types: string[]): string | false };
  const { XMLValidator } = load('fast-xml-parser') as { XMLValidator: { validate(text: string): unknown } };
  return {
    gavel: load('gavel'),
    parseResponse: (load('http-string-parser') as { parseResponse(text: string): Parsed }).parseResponse,
    diffAsXml: (load('diff-js-xml') as { diffAsXml: Judges['diffAsXml'] }).diffAsXml,
    isXml: (contentType, body) =>
      !!typeIs.is(contentType, ['application/xml', 'application/*+xml', 'text/xml']) || XMLValidator.validate(body) === true,
  };
}

/** `differs`: with --strict, the case is one the mock answers otherwise on purpose (prism-harness-differences.ts). */
export type Verdict = ({ readonly kind: 'pass' } | { readonly kind: 'fail' | 'not applicable'; readonly reason: string }) & {
  readonly differs?: string;
};

/** Whether `actual` holds everything `expected` holds (jest's toMatchObject, which Prism's runner falls back on). */
function matches(expected: unknown, actual: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return expected === actual;
  if (typeof actual !== 'object' || actual === null) return false;
  return Object.entries(expected).every(([key, value]) => matches(value, (actual as Record<string, unknown>)[key]));
}

async function compare(j: Judges, harnessCase: HarnessCase, stdout: string): Promise<Verdict> {
  const output = j.parseResponse(stdout.trim());
  const expected = j.parseResponse(harnessCase.expect.trim());
  const contentType = withoutCharsetDifference(expected.headers?.['content-type'], output.headers?.['content-type']);
  if (output.headers && contentType !== undefined) output.headers['content-type'] = contentType;
  // Prism's error bodies are its own words and structure (its problem types); the status and headers are judged.
  // Prism's errors are problem+json; the mock's catalogue answers its own as JSON (x-mock-error names the code).
  if (output.headers?.['x-mock-error'] !== undefined && expected.headers?.['content-type'] === 'application/problem+json')
    delete expected.headers['content-type'];
  if (expectsPrismWords(harnessCase)) {
    delete expected.body;
    delete output.body;
  }
  const fail = (reason: string): Verdict => ({ kind: 'fail', reason: `${reason} (answered ${output.statusCode})` });
  if (j.isXml(output.headers?.['content-type'] ?? '', expected.body ?? '')) {
    const diff = await new Promise<unknown[]>((done) =>
      j.diffAsXml(expected.body ?? '', output.body ?? '', {}, { compareElementValues: false }, done),
    );
    if (diff.length > 0) return fail(`XML differs: ${JSON.stringify(diff[0]).slice(0, 160)}`);
    const verdict = j.gavel.validate({ ...expected, body: '' }, { ...output, body: '' });
    return verdict.valid ? { kind: 'pass' } : fail(firstError(verdict.fields));
  }
  const verdict = j.gavel.validate(expected, output);
  if (!verdict.valid && !matches(expected, output)) return fail(firstError(verdict.fields));
  if (harnessCase.strictness === 'exact' && output.body !== expected.body)
    return fail(`body ${JSON.stringify(output.body?.slice(0, 120))}, expected ${JSON.stringify(expected.body?.slice(0, 120))}`);
  if (harnessCase.strictness === 'keys') {
    const keys = (text: string | undefined) => JSON.stringify(Object.keys(JSON.parse(text ?? '{}') as object));
    if (keys(output.body) !== keys(expected.body)) return fail(`keys ${keys(output.body)}, expected ${keys(expected.body)}`);
  }
  return { kind: 'pass' };
}

function firstError(fields: Record<string, { valid: boolean; errors: { message: string }[] }>): string {
  const [name, field] = Object.entries(fields).find(([, f]) => !f.valid) ?? ['?', { errors: [] }];
  return `${name}: ${field.errors[0]?.message.slice(0, 160) ?? 'differs'}`;
}

async function judgeCase(j: Judges, file: string, scratch: string, cli: string | undefined, strict: boolean): Promise<Verdict> {
  const harnessCase = parseCase(readFileSync(file, 'utf8'));
  const document = join(scratch, `${relative(scratch, file).replace(/[^\w.-]/g, '_')}.yml`);
  writeFileSync(document, harnessCase.spec);
  const translation = translateServer(harnessCase, document);
  if ('notApplicable' in translation) return { kind: 'not applicable', reason: translation.notApplicable };
  const name = file.replace(/^.*test-harness\/specs\//, '');
  const differs = PRISM_ONLY[name] ?? (expectsPrism422(harnessCase.expect, harnessCase.spec) ? STATUS_422_REASON : undefined);
  if (differs !== undefined && !strict) return { kind: 'not applicable', reason: `differs on purpose: ${differs}` };
  const mock = await startMock(translation.args, cli, 30_000);
  try {
    if (mock.url === undefined) return { kind: 'fail', reason: `not started: ${mock.output()}` };
    const { stdout } = await run(aimCommand(harnessCase.command, mock.url), { timeout: 15_000, maxBuffer: 8 << 20 }).catch(
      (e) => e as { stdout: string },
    );
    const verdict = await compare(j, harnessCase, stdout ?? '');
    return differs === undefined ? verdict : { ...verdict, differs };
  } finally {
    await mock.stop();
  }
}

/** The harness's case files under DIR (its `specs` folder, found from a checkout's root too), in a stable order. */
function caseFiles(dir: string): string[] {
  const specs =
    ['test-harness/specs', 'specs', '.'].map((p) => join(dir, p)).find((p) => existsSync(p) && statSync(p).isDirectory()) ?? dir;
  const found: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.txt')) found.push(path);
    }
  };
  walk(specs);
  return found.map((f) => relative(specs, f)).map((f) => join(specs, f));
}

/** Runs every case, two at a time; one line per case that did not pass, then the totals, as Markdown. */
export async function prismHarness(
  dir: string,
  cli: string | undefined,
  strict: boolean,
  only?: RegExp,
): Promise<{ markdown: string; results: { file: string; verdict: Verdict }[] }> {
  const j = judges();
  const files = caseFiles(dir).filter((f) => only === undefined || only.test(f));
  const scratch = mkdtempSync(join(tmpdir(), 'plantstore-prism-harness-'));
  const results: { file: string; verdict: Verdict }[] = [];
  try {
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++] as string;
        const verdict = await judgeCase(j, file, scratch, cli, strict);
        results.push({ file: file.replace(/^.*test-harness\/specs\//, ''), verdict });
        if (verdict.kind === 'fail') process.stderr.write(`FAIL ${file}: ${verdict.reason}\n`);
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  results.sort((a, b) => a.file.localeCompare(b.file));
  const count = (kind: Verdict['kind']) => results.filter((r) => r.verdict.kind === kind).length;
  const applicable = results.length - count('not applicable');
  const lines = [
    `Prism's harness: ${count('pass')} of ${applicable} applicable cases pass (${results.length} cases, ${count('not applicable')} not applicable${strict ? `; --strict: the ${results.filter((r) => r.verdict.differs).length} cases that differ on purpose judged too, ${results.filter((r) => r.verdict.differs && r.verdict.kind === 'pass').length} of them pass` : ''}).`,
    '',
    '| case | verdict | reason |',
    '| --- | --- | --- |',
    ...results
      .filter((r) => r.verdict.kind !== 'pass')
      .map(
        ({ file, verdict }) =>
          `| ${file} | ${verdict.kind} | ${'reason' in verdict ? verdict.reason.replace(/\|/g, '/').replace(/\n/g, ' ') : ''} |`,
      ),
  ];
  return { markdown: `${lines.join('\n')}\n`, results };
}
