/**
 * Schemathesis, pinned, in its own venv (made on first use from PyPI, outside the repository's files),
 * run against one mock started by the built CLI as users start it. The outcome is data, never an
 * exception: a document the mock refuses or Schemathesis cannot read is reported as such.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock } from './start-mock.js';

export const SCHEMATHESIS_VERSION = '4.32.5';
const root = fileURLToPath(new URL('../../', import.meta.url));
const venv = join(root, 'node_modules', '.cache', 'plantstore-judge', `schemathesis-${SCHEMATHESIS_VERSION}`);

/** The venv's `schemathesis` executable, installing it first when missing. */
export function schemathesis(): string {
  const bin = join(venv, 'bin', 'schemathesis');
  if (existsSync(bin)) return bin;
  process.stderr.write(`making a venv with schemathesis==${SCHEMATHESIS_VERSION} (${venv})...\n`);
  rmSync(venv, { recursive: true, force: true });
  mkdirSync(venv, { recursive: true });
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`], {
    stdio: 'inherit',
  });
  return bin;
}

export interface RunSettings {
  /** Cases per operation and phase (Schemathesis's `--max-examples`). */
  readonly examples: number;
  /** Schemathesis's own seed. */
  readonly seed: number;
  /** Seconds one document may take (Schemathesis's `--max-time`, and a hard bound past it). */
  readonly seconds: number;
  /** The CLI to judge (another build, for figures before and after); this checkout's by default. */
  readonly cli?: string;
}

export interface Failure {
  readonly code: string;
  readonly title: string;
  readonly count: number;
  readonly operations: readonly string[];
}

export type DocumentOutcome =
  | {
      readonly kind: 'judged';
      readonly operations: number;
      readonly cases: number;
      readonly failures: readonly Failure[];
      readonly errors: number;
    }
  | { readonly kind: 'not started' | 'not judged'; readonly line: string };

/** Every check but `ignored_auth` (a mock takes any credentials) in every phase but the stateful one. */
export function schemathesisArguments(document: string, url: string, report: string, settings: RunSettings): string[] {
  return [
    'run',
    document,
    '--url',
    url,
    '--checks',
    'all',
    '--exclude-checks',
    'ignored_auth',
    '--phases',
    'examples,coverage,fuzzing',
    '--max-examples',
    String(settings.examples),
    '--seed',
    String(settings.seed),
    '--max-time',
    String(settings.seconds),
    '--workers',
    '1',
    '--request-timeout',
    '10',
    '--suppress-health-check',
    'all',
    '--no-color',
    '--report',
    'json',
    '--report-json-path',
    report,
  ];
}

/** Starts the mock on `document`, runs Schemathesis against it, stops the mock. */
export async function judgeDocument(document: string, scratch: string, settings: RunSettings): Promise<DocumentOutcome> {
  const mock = await startMock(['--spec', document, '--log-level', 'warn', '--seed', '1'], settings.cli);
  try {
    const url = mock.url;
    if (url === undefined) return { kind: 'not started', line: mock.output() };
    const report = join(scratch, 'report.json');
    rmSync(report, { force: true });
    const run = spawn(schemathesis(), schemathesisArguments(document, url, report, settings), {
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    run.stdout.on('data', (chunk: Buffer) => {
      text = (text + chunk.toString()).slice(-4000);
    });
    run.stderr.on('data', (chunk: Buffer) => {
      text = (text + chunk.toString()).slice(-4000);
    });
    const hard = setTimeout(() => run.kill('SIGKILL'), (settings.seconds + 60) * 1000);
    await new Promise((resolve) => run.once('exit', resolve));
    clearTimeout(hard);
    if (!existsSync(report)) return { kind: 'not judged', line: lastLine(text) };
    return readReport(readFileSync(report, 'utf8'));
  } finally {
    await mock.stop();
  }
}

interface JsonReport {
  operations?: { tested?: number };
  test_cases?: { generated?: number };
  failures?: { code?: string; title?: string; count?: number; operations?: string[] }[];
  errors?: unknown[];
}

function readReport(text: string): DocumentOutcome {
  const report = JSON.parse(text) as JsonReport;
  return {
    kind: 'judged',
    operations: report.operations?.tested ?? 0,
    cases: report.test_cases?.generated ?? 0,
    failures: (report.failures ?? []).map((f) => ({
      code: f.code ?? '?',
      title: f.title ?? '?',
      count: f.count ?? 0,
      operations: f.operations ?? [],
    })),
    errors: report.errors?.length ?? 0,
  };
}

function lastLine(text: string): string {
  return text.trim().split('\n').slice(-2).join(' / ').slice(0, 300);
}
