/**
 * A generated SDK's own test suite against the mock, Steady and Prism, each started the same way on the
 * spec the SDK commits: `npm run bench:sdk -- --sdk ../openai-node --sdk ../openai-python`. It fetches
 * nothing: the SDK checkouts come with their dependencies installed (pnpm install; uv sync into .venv),
 * Steady is the `steady` of node_modules/.bin or --steady PATH (npm `@stdy/cli`, the version the SDK's
 * scripts/mock names), Prism is this repository's devDependency. Every server gets a free port of
 * 127.0.0.1 and the suite finds it through TEST_API_BASE_URL, which Stainless's generated tests read,
 * so sessions on one machine do not collide on 4010.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './machine.js';
import { type Outcome, readJestReport, readJunitReport, type SuiteResult, summariseFailures } from './sdk-suites-report.js';
import { spawnServer } from './servers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ENGINES = ['mock', 'steady', 'prism'] as const;
type Engine = (typeof ENGINES)[number];

interface Options {
  sdks: string[];
  engines: Engine[];
  spec?: string;
  steady: string;
  out?: string;
  timeoutMs: number;
  /** A directory put first on the suite's PATH: the Node an SDK needs where it is not the bench's. */
  suitePath?: string;
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { sdks: [], engines: [...ENGINES], steady: join(root, 'node_modules/.bin/steady'), timeoutMs: 20 * 60_000 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1] ?? '';
    switch (argv[i]) {
      case '--sdk':
        options.sdks.push(resolve(value));
        break;
      case '--engines':
        options.engines = value.split(',').filter((e): e is Engine => (ENGINES as readonly string[]).includes(e));
        break;
      case '--spec':
        options.spec = resolve(value);
        break;
      case '--steady':
        options.steady = resolve(value);
        break;
      case '--out':
        options.out = resolve(value);
        break;
      case '--suite-path':
        options.suitePath = resolve(value);
        break;
      case '--timeout-min':
        options.timeoutMs = Number(value) * 60_000;
        break;
      default:
        throw new Error(
          `unknown option ${argv[i]} (known: --sdk DIR, --engines mock,steady,prism, --spec FILE, --steady BIN, --out FILE, --timeout-min N, --suite-path DIR)`,
        );
    }
    i++;
  }
  if (options.sdks.length === 0)
    throw new Error('give at least one --sdk DIR: a checkout of a generated SDK with its dependencies installed');
  return options;
}

/** The spec the SDK commits (Stainless: api_reference/openapi.transformed.yml) unless --spec names one. */
function specOf(sdk: string, given: string | undefined): string {
  if (given) return given;
  const committed = join(sdk, 'api_reference/openapi.transformed.yml');
  if (existsSync(committed)) return committed;
  throw new Error(`${sdk} commits no api_reference/openapi.transformed.yml: pass --spec FILE`);
}

/** Steady's flags as the SDK's scripts/mock passes them (the --validator-*-format dialects), minus host, port and spec. */
function steadyFlags(sdk: string): { version: string; flags: string[] } {
  const script = existsSync(join(sdk, 'scripts/mock')) ? readFileSync(join(sdk, 'scripts/mock'), 'utf8') : '';
  // TypeScript's and Go's scripts/mock name the version; Python's runs the devDependency of its package.json.
  const manifest = existsSync(join(sdk, 'package.json')) ? readFileSync(join(sdk, 'package.json'), 'utf8') : '';
  const version = /@stdy\/cli@([\w.-]+)/.exec(script)?.[1] ?? /"@stdy\/cli":\s*"\^?([\w.-]+)"/.exec(manifest)?.[1] ?? 'unknown';
  const flags = [...new Set(script.match(/--validator-[\w-]+=[\w-]+/g) ?? [])];
  return { version, flags };
}

function serverCommand(engine: Engine, spec: string, options: Options, sdk: string): { command: string; args: string[] } {
  switch (engine) {
    case 'mock':
      return { command: process.execPath, args: [join(root, 'dist/cli/main.js'), '--spec', spec, '--port', '{port}'] };
    case 'steady':
      return { command: options.steady, args: ['--host', '127.0.0.1', '-p', '{port}', ...steadyFlags(sdk).flags, spec] };
    case 'prism':
      return {
        command: process.execPath,
        args: [join(root, 'node_modules/@stoplight/prism-cli/dist/index.js'), 'mock', spec, '-p', '{port}', '-h', '127.0.0.1'],
      };
  }
}

type Kind = 'node' | 'python';

function kindOf(sdk: string): Kind {
  if (existsSync(join(sdk, 'pyproject.toml'))) return 'python';
  if (existsSync(join(sdk, 'package.json'))) return 'node';
  throw new Error(`${sdk}: neither package.json nor pyproject.toml; only TypeScript and Python SDKs are run`);
}

/**
 * The generated API tests (tests/api-resources, tests/api_resources: the ones that talk to the mock) as
 * scripts/test runs them against a mock it did not start: TypeScript's by jest in band, Python's by
 * pytest with the project's addopts (xdist `-n auto`) from the SDK's own .venv.
 */
function suiteCommand(kind: Kind, sdk: string, report: string): { command: string; args: string[] } {
  if (kind === 'node') {
    return {
      command: join(sdk, 'node_modules/.bin/jest'),
      args: ['--runInBand', '--silent', '--json', `--outputFile=${report}`, 'tests/api-resources'],
    };
  }
  return {
    command: join(sdk, '.venv/bin/python'),
    args: ['-m', 'pytest', 'tests/api_resources', '-q', '-p', 'no:cacheprovider', '--tb=line', `--junitxml=${report}`],
  };
}

function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<number | null> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done(code);
    });
    child.once('error', () => done(null));
  });
}

async function runSuite(sdk: string, engine: Engine, options: Options): Promise<SuiteResult> {
  const kind = kindOf(sdk);
  const spec = specOf(sdk, options.spec);
  const { command, args } = serverCommand(engine, spec, options, sdk);
  const scratch = mkdtempSync(join(tmpdir(), 'sdk-suite-'));
  const report = join(scratch, kind === 'node' ? 'jest.json' : 'junit.xml');
  const server = await spawnServer({ command, args, label: engine, timeoutMs: 10 * 60_000 });
  const startedAt = performance.now();
  try {
    const suite = suiteCommand(kind, sdk, report);
    const path = options.suitePath ? `${options.suitePath}:${process.env.PATH ?? ''}` : (process.env.PATH ?? '');
    const env = { TEST_API_BASE_URL: server.url, DEFER_PYDANTIC_BUILD: 'false', PATH: path };
    const code = await run(suite.command, suite.args, sdk, env, options.timeoutMs);
    const outcomes: Outcome[] = !existsSync(report)
      ? []
      : kind === 'node'
        ? readJestReport(readFileSync(report, 'utf8'))
        : readJunitReport(readFileSync(report, 'utf8'));
    return { sdk, engine, startupMs: server.startupMs, suiteMs: performance.now() - startedAt, exitCode: code, outcomes };
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function sdkName(sdk: string): string {
  return sdk.split('/').filter(Boolean).at(-1) ?? sdk;
}

function engineLabel(engine: Engine, sdk: string): string {
  if (engine === 'steady') return `Steady ${steadyFlags(sdk).version}`;
  if (engine === 'prism') {
    const pkg = JSON.parse(readFileSync(join(root, 'node_modules/@stoplight/prism-cli/package.json'), 'utf8')) as { version: string };
    return `Prism ${pkg.version}`;
  }
  return 'this mock, `--spec SPEC`';
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const results: SuiteResult[] = [];
  for (const sdk of options.sdks) {
    for (const engine of options.engines) {
      if (engine === 'steady' && !existsSync(options.steady)) {
        process.stderr.write(
          `no Steady at ${options.steady} (npm i --no-save @stdy/cli@${steadyFlags(sdk).version}, or --steady BIN): skipped\n`,
        );
        continue;
      }
      process.stderr.write(`${sdkName(sdk)} against ${engine}...\n`);
      let result: SuiteResult;
      try {
        result = await runSuite(sdk, engine, options);
      } catch (error) {
        // A server that never got ready (Prism on a large spec under load) is a row, not the end of the run.
        process.stderr.write(`  ${(error as Error).message.split('\n')[0]}\n`);
        continue;
      }
      results.push(result);
      const passed = result.outcomes.filter((o) => o.status === 'passed').length;
      process.stderr.write(`  ${passed} of ${result.outcomes.length} passed (${(result.suiteMs / 1000).toFixed(0)} s)\n`);
    }
  }
  const lines = [
    `# Generated SDK test suites`,
    '',
    `Measured ${machineLine()}.`,
    '',
    '| suite | server | passed | failed | skipped | total | spawn to first answer | suite time |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map((r) => {
      const count = (status: Outcome['status']) => r.outcomes.filter((o) => o.status === status).length;
      return `| ${sdkName(r.sdk)} | ${engineLabel(r.engine, r.sdk)} | ${count('passed')} | ${count('failed')} | ${count('skipped')} | ${r.outcomes.length} | ${(r.startupMs / 1000).toFixed(1)} s | ${(r.suiteMs / 1000).toFixed(0)} s |`;
    }),
    '',
    ...results.flatMap((r) => summariseFailures(`${sdkName(r.sdk)} against ${engineLabel(r.engine, r.sdk)}`, r.outcomes)),
  ];
  const markdown = lines.join('\n');
  if (options.out) writeFileSync(options.out, `${markdown}\n`);
  process.stdout.write(`${markdown}\n`);
}

await main();
