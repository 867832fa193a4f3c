import { readFileSync } from 'node:fs';
import yargs from 'yargs';
import { PACKAGE_JSON } from '../assets/package-files.js';
import { LIMIT_DEFAULTS, LOG_LEVELS, type LogLevel, type MockServerOptions } from '../options.js';

export const ENV_PREFIX = 'PLANTSTORE_MOCK';

export type ParsedArgs =
  | { readonly kind: 'run'; readonly options: MockServerOptions }
  | { readonly kind: 'exit'; readonly code: number; readonly output: string };

/** Maps flags and PLANTSTORE_MOCK_* environment variables (yargs reads them) to server options. */
export async function parseArgs(argv: readonly string[]): Promise<ParsedArgs> {
  let output = '';
  let failure: string | undefined;
  const parser = yargs([...argv])
    .scriptName('plantstore-mock')
    .usage('$0 [options]\n\nA contract-faithful mock server of the Plant Store API (or any OpenAPI document).')
    .env(ENV_PREFIX)
    .command('coverage', 'check a running mock`s contract coverage against a bar, for CI (coverage --help)')
    .options({
      spec: {
        type: 'string',
        describe: 'OpenAPI document to mock (YAML or JSON)',
        defaultDescription: 'the bundled Plant Store openapi.yaml',
      },
      port: { type: 'number', default: 4010, describe: 'TCP port to listen on (0 picks a free one)' },
      host: { type: 'string', default: '127.0.0.1', describe: 'interface to listen on (0.0.0.0 for every interface)' },
      seed: { type: 'number', describe: 'seed of the data generator, for reproducible generated bodies' },
      dynamic: { type: 'boolean', default: false, describe: 'generate bodies from the schemas instead of echoing and examples' },
      token: { type: 'string', array: true, describe: 'accepted bearer token (repeatable; env: comma-separated); default: any token' },
      'body-limit': { type: 'string', default: '1mb', describe: 'largest request body: bytes, or with kb/mb' },
      'log-level': { choices: LOG_LEVELS, default: 'info' as LogLevel, describe: 'log level; info logs one line per request' },
      cors: { type: 'boolean', default: true, describe: 'answer CORS requests and preflights (--no-cors to turn off)' },
      scenarios: { type: 'string', describe: 'directory of extra scenario files (*.yaml); same name replaces a bundled one' },
      'bundled-scenarios': {
        type: 'boolean',
        describe: 'load the bundled Plant Store scenarios (--no-bundled-scenarios: only --scenarios DIR)',
        defaultDescription: 'on with the bundled spec, off with --spec',
      },
      scenario: { type: 'string', describe: 'scenario every request gets unless X-Mock-Scenario or its session picks another' },
      watch: {
        type: 'boolean',
        default: false,
        describe: 'reload the spec and scenario files on change; a bad edit keeps the last good version',
      },
      'session-idle-timeout': {
        type: 'number',
        default: 1_800_000,
        describe: 'milliseconds after which an idle X-Mock-Session is forgotten',
      },
      'max-sessions': {
        type: 'number',
        default: 10_000,
        describe: 'most X-Mock-Session sessions kept at once (least recently used go first)',
      },
      'journal-size': { type: 'number', default: 1000, describe: 'how many of the latest requests the journal keeps (0 turns it off)' },
      'admin-token': { type: 'string', describe: 'require Authorization: Bearer T on /__mock/ (except health)' },
      'coverage-report': {
        type: 'string',
        describe: 'directory where coverage.json, coverage.xml and coverage.md are written on shutdown',
      },
      'max-header-size': { type: 'string', default: '16kb', describe: 'largest request line plus headers (431 beyond): bytes, or with kb' },
      'max-header-count': {
        type: 'number',
        default: LIMIT_DEFAULTS.maxHeaderCount,
        describe: 'most header fields per request (431 beyond)',
      },
      'max-url-length': {
        type: 'number',
        default: LIMIT_DEFAULTS.maxUrlLength,
        describe: 'longest request URL in characters (414 beyond)',
      },
      'headers-timeout': {
        type: 'number',
        default: LIMIT_DEFAULTS.headersTimeout,
        describe: 'ms a client has to send its headers (408 after)',
      },
      'request-timeout': {
        type: 'number',
        default: LIMIT_DEFAULTS.requestTimeout,
        describe: 'ms a client has to send a whole request (408 after)',
      },
      'keep-alive-timeout': {
        type: 'number',
        default: LIMIT_DEFAULTS.keepAliveTimeout,
        describe: 'ms an idle keep-alive connection stays open',
      },
      'max-connections': {
        type: 'number',
        default: LIMIT_DEFAULTS.maxConnections,
        describe: 'most open connections; more are closed at once',
      },
      'shutdown-timeout': {
        type: 'number',
        default: LIMIT_DEFAULTS.shutdownTimeout,
        describe: 'ms in-flight requests may take to finish on SIGTERM/SIGINT',
      },
    })
    .strict()
    // The mock's own messages are English; yargs' translations are not in the bundled CLI either way.
    .locale('en')
    .help()
    // Named here: yargs would look for the manifest from its own install path, which the bundled CLI lacks.
    .version((JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version)
    .epilogue(
      `Every option can also be set by an environment variable: ${ENV_PREFIX}_PORT, ${ENV_PREFIX}_TOKEN, ${ENV_PREFIX}_BODY_LIMIT, ...`,
    )
    .wrap(null)
    .exitProcess(false)
    .fail((message, error) => {
      failure = (message ?? error?.message ?? 'invalid arguments').replace(/\s*\n\s*/g, ' ');
    });
  const args = await parser.parse([...argv], {}, (_error, _argv, text) => {
    output = text;
  });
  if (failure !== undefined) return { kind: 'exit', code: 2, output: `plantstore-mock: ${failure} (see --help)` };
  if (output !== '') return { kind: 'exit', code: 0, output };
  const bodyLimit = parseSize(args['body-limit']);
  if (bodyLimit === undefined)
    return {
      kind: 'exit',
      code: 2,
      output: `plantstore-mock: --body-limit must be a size like 1048576, 512kb or 2mb; got "${args['body-limit']}"`,
    };
  const maxHeaderSize = parseSize(args['max-header-size']);
  if (maxHeaderSize === undefined)
    return {
      kind: 'exit',
      code: 2,
      output: `plantstore-mock: --max-header-size must be a size like 16384 or 16kb; got "${args['max-header-size']}"`,
    };
  const numeric = (name: string, value: number | undefined) =>
    value !== undefined && Number.isNaN(value) ? `--${name} must be a number` : undefined;
  const limitFlags = [
    'max-header-count',
    'max-url-length',
    'headers-timeout',
    'request-timeout',
    'keep-alive-timeout',
    'max-connections',
    'shutdown-timeout',
    'session-idle-timeout',
    'max-sessions',
    'journal-size',
  ] as const;
  const bad = numeric('port', args.port) ?? numeric('seed', args.seed) ?? limitFlags.map((flag) => numeric(flag, args[flag])).find(Boolean);
  if (bad) return { kind: 'exit', code: 2, output: `plantstore-mock: ${bad}` };
  const options: MockServerOptions = {
    ...(args.spec !== undefined ? { spec: args.spec } : {}),
    port: args.port,
    host: args.host,
    ...(args.seed !== undefined ? { seed: args.seed } : {}),
    dynamic: args.dynamic,
    tokens: (args.token ?? [])
      .flatMap((t) => String(t).split(','))
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    bodyLimit,
    logLevel: args['log-level'],
    cors: args.cors,
    ...(args.scenarios !== undefined ? { scenariosDir: args.scenarios } : {}),
    ...(args['bundled-scenarios'] !== undefined ? { bundledScenarios: args['bundled-scenarios'] } : {}),
    ...(args.scenario !== undefined ? { scenario: args.scenario } : {}),
    watch: args.watch,
    sessionIdleTimeout: args['session-idle-timeout'],
    maxSessions: args['max-sessions'],
    journalSize: args['journal-size'],
    ...(args['admin-token'] !== undefined ? { adminToken: args['admin-token'] } : {}),
    ...(args['coverage-report'] !== undefined ? { coverageReport: args['coverage-report'] } : {}),
    maxHeaderSize,
    maxHeaderCount: args['max-header-count'],
    maxUrlLength: args['max-url-length'],
    headersTimeout: args['headers-timeout'],
    requestTimeout: args['request-timeout'],
    keepAliveTimeout: args['keep-alive-timeout'],
    maxConnections: args['max-connections'],
    shutdownTimeout: args['shutdown-timeout'],
  };
  return { kind: 'run', options };
}

function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+)\s*(b|kb|kib|mb|mib)?\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor = unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 * 1024 : 1;
  return Number(match[1]) * factor;
}
