import yargs from 'yargs';
import { checkGate, type GateBar } from '../contract-coverage/coverage-gate.js';
import { coverageJunit } from '../contract-coverage/coverage-junit.js';
import { coverageMarkdown } from '../contract-coverage/coverage-markdown.js';
import type { CoverageReport } from '../contract-coverage/coverage-report.js';
import { coverageText } from '../contract-coverage/coverage-text.js';
import { ENV_PREFIX } from './parse-args.js';

const FORMATS = {
  text: coverageText,
  json: (r: CoverageReport) => `${JSON.stringify(r, null, 2)}\n`,
  junit: coverageJunit,
  markdown: coverageMarkdown,
};
type Format = keyof typeof FORMATS;
const URL_ENV = `${ENV_PREFIX}_URL`;
const TOKEN_ENV = `${ENV_PREFIX}_ADMIN_TOKEN`;
interface Output {
  write(text: string): unknown;
}

/**
 * `plantstore-mock coverage`: fetches a running mock's coverage report, prints it and exits 0 when it
 * clears the bar, 1 (with one line saying why) when it does not, 2 on bad usage or when the mock cannot
 * be asked. All the logic is in src/contract-coverage/; this only talks to the mock and to the shell.
 */
export async function runCoverageCommand(
  argv: readonly string[],
  { out = process.stdout, err = process.stderr, env = process.env }: { out?: Output; err?: Output; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const say = (line: string) => err.write(`plantstore-mock coverage: ${line}\n`);
  let failure: string | undefined;
  let help = '';
  const args = await yargs([...argv])
    .scriptName('plantstore-mock coverage')
    .usage(
      '$0 --url URL [options]\n\nGate CI on a running mock`s contract coverage: exit 0 when it clears the bar, 1 when not, 2 when it cannot tell.',
    )
    .options({
      // Only these two from the environment: the server's own PLANTSTORE_MOCK_* variables (PORT, ...) are
      // often set where the gate runs too, and would be unknown arguments here.
      url: {
        type: 'string',
        demandOption: env[URL_ENV] === undefined,
        default: env[URL_ENV],
        defaultDescription: URL_ENV,
        describe: 'base URL of the running mock, e.g. http://127.0.0.1:4010',
      },
      session: { type: 'string', describe: 'only the requests of this X-Mock-Session' },
      spec: {
        type: 'string',
        array: true,
        describe: 'with several documents: gate this one, by name (repeatable; default: every document, each named)',
      },
      min: { type: 'number', describe: 'least share of documented responses served, in percent (0-100)' },
      violations: { type: 'boolean', default: true, describe: 'allow requests that break the contract (--no-violations fails on any)' },
      drift: {
        type: 'boolean',
        default: true,
        describe: 'allow answers of the real service (--proxy) that break the contract (--no-drift fails on any)',
      },
      format: { choices: Object.keys(FORMATS) as Format[], default: 'text' as Format, describe: 'how to print the report on stdout' },
      'admin-token': {
        type: 'string',
        default: env[TOKEN_ENV],
        defaultDescription: TOKEN_ENV,
        describe: 'the mock`s --admin-token, if it has one',
      },
      timeout: { type: 'number', default: 10_000, describe: 'milliseconds to wait for the mock' },
    })
    .strict()
    .locale('en')
    .help()
    .version(false)
    .wrap(null)
    .exitProcess(false)
    .fail((message, error) => {
      failure = (message ?? error?.message ?? 'invalid arguments').replace(/\s*\n\s*/g, ' ');
    })
    .parse([...argv], {}, (_error, _argv, text) => {
      help = text;
    });
  if (failure !== undefined) {
    say(`${failure} (see --help)`);
    return 2;
  }
  if (help !== '') {
    out.write(`${help}\n`);
    return 0;
  }
  const bar: GateBar = { ...(args.min !== undefined ? { min: args.min } : {}), noViolations: !args.violations, noDrift: !args.drift };
  const url = args.url ?? '';
  const usage = checkUsage(url, args.min, args.timeout, args.session);
  if (usage !== undefined) {
    say(usage);
    return 2;
  }
  const ask = { url, session: args.session, token: args['admin-token'], timeout: args.timeout };
  const names = args.spec?.length ? args.spec : await documentNames(ask);
  if (typeof names === 'string') {
    say(names);
    return 2;
  }
  // One document and none named: the report as it always was; otherwise each document named in its lines.
  const gated = names.length === 1 && !args.spec?.length ? [undefined] : names;
  const reports: [string | undefined, CoverageReport][] = [];
  for (const name of gated) {
    const fetched = await fetchReport(ask, name);
    if (typeof fetched === 'string') {
      say(fetched);
      return 2;
    }
    reports.push([name, fetched]);
  }
  out.write(reports.length === 1 ? FORMATS[args.format](reports[0]?.[1] as CoverageReport) : combined(args.format, reports));
  let pass = true;
  for (const [name, report] of reports) {
    const verdict = checkGate(report, bar);
    pass &&= verdict.pass;
    say(`${verdict.pass ? 'pass' : 'FAIL'}${name === undefined ? '' : ` (${name})`}: ${verdict.reason}`);
  }
  return pass ? 0 : 1;
}

/** Several documents' reports in one output: JSON keyed by name, one JUnit document, text and Markdown one after the other. */
function combined(format: Format, reports: readonly [string | undefined, CoverageReport][]): string {
  if (format === 'json') return `${JSON.stringify(Object.fromEntries(reports), null, 2)}\n`;
  if (format === 'junit') {
    const suites = reports.flatMap(([name, report]) =>
      [...coverageJunit(report).matchAll(/<testsuite [\s\S]*?<\/testsuite>/g)].map(([suite]) =>
        suite.replace('<testsuite name="', `<testsuite name="${xmlText(name ?? '')}: `),
      ),
    );
    const count = (attribute: string) =>
      suites.reduce((sum, suite) => sum + Number(new RegExp(`${attribute}="(\\d+)"`).exec(suite)?.[1] ?? 0), 0);
    const head = `<testsuites name="contract coverage" tests="${count('tests')}" failures="${count('failures')}" errors="0">`;
    return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites, '</testsuites>', ''].join('\n');
  }
  const heading = format === 'markdown' ? (name: string) => `# Document \`${name}\`\n\n` : (name: string) => `== document ${name}\n`;
  return reports.map(([name, report]) => `${heading(name ?? '')}${FORMATS[format](report)}`).join('\n');
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

interface Ask {
  readonly url: string;
  readonly session: string | undefined;
  readonly token: string | undefined;
  readonly timeout: number;
}

/** The names of the documents the mock serves (its health answer), or the one line saying why not. */
async function documentNames(ask: Ask): Promise<string[] | string> {
  const answer = await getJson(ask, '/__mock/health', undefined);
  if (typeof answer === 'string') return answer;
  const documents = (answer as { documents?: { name?: unknown }[] }).documents;
  if (!Array.isArray(documents) || documents.length === 0)
    return `${new URL(ask.url).origin} did not list its documents (is it a plantstore-mock?)`;
  return documents.map((d) => String(d.name));
}

function checkUsage(url: string, min: number | undefined, timeout: number, session: string | undefined): string | undefined {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return `--url must be an http(s) URL; got "${url}"`;
  if (min !== undefined && !(min >= 0 && min <= 100)) return `--min must be a percentage from 0 to 100; got ${min}`;
  if (!(timeout >= 1 && timeout <= 600_000)) return `--timeout must be from 1 to 600000 milliseconds; got ${timeout}`;
  if (session !== undefined && !/^[A-Za-z0-9._:-]{1,128}$/.test(session)) return '--session must be 1 to 128 letters, digits and -._:';
  return undefined;
}

/** The report (of the named document, else the first), or the one line saying why it could not be had. */
async function fetchReport(ask: Ask, spec: string | undefined): Promise<CoverageReport | string> {
  const answer = await getJson(ask, '/__mock/coverage', spec);
  if (typeof answer === 'string') return answer;
  const report = answer as CoverageReport;
  if (typeof report?.summary?.documentedResponses !== 'number')
    return `${new URL(ask.url).origin} did not answer a coverage report (is it a plantstore-mock?)`;
  return report;
}

/** A JSON answer of the mock's admin API, or the one line saying why it could not be had. */
async function getJson({ url, session, token, timeout }: Ask, path: string, spec: string | undefined): Promise<unknown> {
  const target = new URL(`${url.replace(/\/+$/, '')}${path}`);
  if (session !== undefined) target.searchParams.set('session', session);
  if (spec !== undefined) target.searchParams.set('spec', spec);
  let response: Response;
  try {
    response = await fetch(target, {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(timeout),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeout} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    return `cannot reach the mock at ${target.origin}: ${reason}`;
  }
  const text = await response.text().catch(() => '');
  if (response.status === 401) return 'the mock requires its admin token: pass --admin-token (or PLANTSTORE_MOCK_ADMIN_TOKEN)';
  if (response.status !== 200) return `the mock answered ${response.status} to ${target.pathname}: ${messageOf(text)}`;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return `${target.origin} did not answer JSON to ${target.pathname} (is it a plantstore-mock?)`;
  }
}

function messageOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    return typeof message === 'string' ? message : text.slice(0, 200);
  } catch {
    return text.slice(0, 200) || '(no body)';
  }
}
