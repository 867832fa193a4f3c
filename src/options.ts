import { isAbsolute, resolve } from 'node:path';
import { BUNDLED_SCENARIOS, BUNDLED_SPEC } from './assets/package-files.js';
import { MockConfigError } from './config-error.js';
import { TOKEN68 } from './pipeline/token68.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export { BUNDLED_SCENARIOS, BUNDLED_SPEC };

/** Options of `createMockServer`. Every field is optional. */
export interface MockServerOptions {
  /** Path of the OpenAPI 3.x / Swagger 2.0 document to mock (YAML or JSON). Default: the bundled Plant Store `openapi.yaml`. */
  readonly spec?: string;
  /** TCP port `listen()` binds; 0 picks a free port. Default 0 (the CLI's default is 4010). */
  readonly port?: number;
  /** Interface `listen()` binds. Default `127.0.0.1`: the mock is not reachable from other machines unless asked. */
  readonly host?: string;
  /** Seed of this server's data generator, for reproducible generated bodies. Default: random. */
  readonly seed?: number;
  /** Generate every body from its schema (like `Prefer: dynamic=true` on each request). Default false. */
  readonly dynamic?: boolean;
  /** Accepted bearer tokens. Empty (the default) accepts any well-formed token. */
  readonly tokens?: readonly string[];
  /** Largest accepted request body in bytes; larger ones get 413. Default 1 MiB. */
  readonly bodyLimit?: number;
  /** Log level; one line per request at `info`. Default `silent` (the CLI's default is `info`). */
  readonly logLevel?: LogLevel;
  /** Answer CORS requests and preflights, for browser frontends. Default true. */
  readonly cors?: boolean;
  /** Where log lines are written. Default: standard output. */
  readonly logStream?: { write(line: string): unknown };
  /** Directory of extra scenario files (`*.yaml`); a file named like a bundled scenario replaces it. Default: none. */
  readonly scenariosDir?: string;
  /**
   * Load the bundled Plant Store scenarios too; false leaves only those of `scenariosDir`. Default: true
   * with the bundled spec, false with another (the bundled files name the Plant Store's operations).
   */
  readonly bundledScenarios?: boolean;
  /** Scenario every request gets unless its session or an `X-Mock-Scenario` header picks another. Default: none. */
  readonly scenario?: string;
  /** Reload the spec and scenario files when they change; a bad edit keeps the last good version. Default false. */
  readonly watch?: boolean;
  /** Milliseconds without a request after which a scenario session (`X-Mock-Session`) is forgotten. Default 30 minutes. */
  readonly sessionIdleTimeout?: number;
  /** Most scenario sessions kept at once; the least recently used is forgotten first. Default 10000. */
  readonly maxSessions?: number;
  /** How many of the latest API requests the journal keeps (a ring: older ones drop out); 0 turns it off. Default 1000. */
  readonly journalSize?: number;
  /** When set, everything under `/__mock/` except health requires `Authorization: Bearer <adminToken>` (or `?token=`). Default: none. */
  readonly adminToken?: string;
  /** Largest request line plus headers, in bytes; larger ones get 431 and the connection is closed. Default 16 KiB. */
  readonly maxHeaderSize?: number;
  /** Most header fields a request may have; more get 431. Default 100. */
  readonly maxHeaderCount?: number;
  /** Longest request URL (path and query) in characters; longer ones get 414. Default 8192. */
  readonly maxUrlLength?: number;
  /** Milliseconds a client has to send its request line and headers; slower ones get 408. Default 10 000. */
  readonly headersTimeout?: number;
  /** Milliseconds a client has to send a whole request, body included; slower ones get 408. Default 30 000. */
  readonly requestTimeout?: number;
  /** Milliseconds an idle keep-alive connection stays open after a response. Default 5 000. */
  readonly keepAliveTimeout?: number;
  /** Most open connections; further ones are closed at once (the client sees a reset). Default 1 000. */
  readonly maxConnections?: number;
  /** Milliseconds close() lets in-flight requests finish before it closes every connection. Default 1 500. */
  readonly shutdownTimeout?: number;
  /** Directory where close() writes the contract coverage report (coverage.json, .xml, .md). Default: none. */
  readonly coverageReport?: string;
}

/** Options after validation: complete, absolute and frozen. */
export interface ResolvedOptions {
  readonly spec: string;
  readonly port: number;
  readonly host: string;
  readonly seed: number | undefined;
  readonly dynamic: boolean;
  readonly tokens: readonly string[];
  readonly bodyLimit: number;
  readonly logLevel: LogLevel;
  readonly cors: boolean;
  readonly logStream: { write(line: string): unknown } | undefined;
  /** Scenario directories in load order (bundled first, when loaded). */
  readonly scenarioDirs: readonly string[];
  readonly scenario: string | undefined;
  readonly watch: boolean;
  readonly sessionIdleTimeout: number;
  readonly maxSessions: number;
  readonly journalSize: number;
  readonly adminToken: string | undefined;
  readonly maxHeaderSize: number;
  readonly maxHeaderCount: number;
  readonly maxUrlLength: number;
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  readonly keepAliveTimeout: number;
  readonly maxConnections: number;
  readonly shutdownTimeout: number;
  /** Absolute directory for the coverage report files, or undefined for none. */
  readonly coverageReport: string | undefined;
}

/** Defaults of the limits: generous for any test, small enough that one client cannot exhaust the mock. */
export const LIMIT_DEFAULTS = Object.freeze({
  maxHeaderSize: 16 * 1024,
  maxHeaderCount: 100,
  maxUrlLength: 8192,
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  maxConnections: 1_000,
  shutdownTimeout: 1_500,
});

const KNOWN = new Set([
  'spec',
  'port',
  'host',
  'seed',
  'dynamic',
  'tokens',
  'bodyLimit',
  'logLevel',
  'cors',
  'logStream',
  'scenariosDir',
  'bundledScenarios',
  'scenario',
  'watch',
  'sessionIdleTimeout',
  'maxSessions',
  'journalSize',
  'adminToken',
  'coverageReport',
  ...Object.keys(LIMIT_DEFAULTS),
]);
const MAX_JOURNAL_SIZE = 1_000_000;
const MAX_BODY_LIMIT = 1024 ** 3;
const HOUR = 3_600_000;

/** Validates the options once; throws MockConfigError naming the first bad option. */
export function resolveOptions(input: MockServerOptions = {}): ResolvedOptions {
  for (const key of Object.keys(input)) {
    if (!KNOWN.has(key)) throw new MockConfigError(`unknown option "${key}"; known options: ${[...KNOWN].join(', ')}`);
  }
  const spec = input.spec ?? BUNDLED_SPEC;
  if (typeof spec !== 'string' || spec === '') throw new MockConfigError('option "spec" must be a file path');
  const tokens = input.tokens ?? [];
  if (!Array.isArray(tokens) || tokens.some((t) => typeof t !== 'string' || !TOKEN68.test(t))) {
    throw new MockConfigError('option "tokens" must be a list of bearer tokens (letters, digits and -._~+/ as RFC 6750 allows)');
  }
  const logLevel = input.logLevel ?? 'silent';
  if (!LOG_LEVELS.includes(logLevel))
    throw new MockConfigError(`option "logLevel" must be one of ${LOG_LEVELS.join(', ')}; got "${String(logLevel)}"`);
  const scenariosDir = input.scenariosDir;
  if (scenariosDir !== undefined && (typeof scenariosDir !== 'string' || scenariosDir === ''))
    throw new MockConfigError('option "scenariosDir" must be a directory path');
  const specPath = typeof spec === 'string' ? (isAbsolute(spec) ? spec : resolve(spec)) : spec;
  const bundledScenarios = boolean('bundledScenarios', input.bundledScenarios ?? specPath === BUNDLED_SPEC);
  const scenario = input.scenario;
  if (scenario !== undefined && (typeof scenario !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(scenario)))
    throw new MockConfigError(`option "scenario" must be a scenario name (letters, digits and -._); got ${JSON.stringify(scenario)}`);
  const adminToken = input.adminToken;
  if (adminToken !== undefined && (typeof adminToken !== 'string' || !TOKEN68.test(adminToken))) {
    throw new MockConfigError('option "adminToken" must be a bearer token (letters, digits and -._~+/ as RFC 6750 allows)');
  }
  const coverageReport = input.coverageReport;
  if (coverageReport !== undefined && (typeof coverageReport !== 'string' || coverageReport === ''))
    throw new MockConfigError('option "coverageReport" must be a directory path');
  const host = input.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host.trim() === '') throw new MockConfigError('option "host" must be a host name or address');
  const headersTimeout = integer('headersTimeout', input.headersTimeout ?? LIMIT_DEFAULTS.headersTimeout, 1, HOUR);
  const requestTimeout = integer('requestTimeout', input.requestTimeout ?? LIMIT_DEFAULTS.requestTimeout, 1, HOUR);
  // Node refuses a server whose headers may take longer than the whole request.
  if (headersTimeout > requestTimeout) {
    throw new MockConfigError(`option "headersTimeout" (${headersTimeout}) must not exceed option "requestTimeout" (${requestTimeout})`);
  }
  return Object.freeze({
    spec: isAbsolute(spec) ? spec : resolve(spec),
    port: integer('port', input.port ?? 0, 0, 65535),
    host,
    seed: input.seed === undefined ? undefined : integer('seed', input.seed, 0, Number.MAX_SAFE_INTEGER),
    dynamic: boolean('dynamic', input.dynamic ?? false),
    tokens: Object.freeze([...tokens]),
    bodyLimit: integer('bodyLimit', input.bodyLimit ?? 1024 * 1024, 1, MAX_BODY_LIMIT),
    logLevel,
    cors: boolean('cors', input.cors ?? true),
    logStream: input.logStream,
    scenarioDirs: Object.freeze([
      ...(bundledScenarios ? [BUNDLED_SCENARIOS] : []),
      ...(scenariosDir === undefined ? [] : [isAbsolute(scenariosDir) ? scenariosDir : resolve(scenariosDir)]),
    ]),
    scenario,
    watch: boolean('watch', input.watch ?? false),
    sessionIdleTimeout: integer('sessionIdleTimeout', input.sessionIdleTimeout ?? 30 * 60 * 1000, 1, 2 ** 31 - 1),
    maxSessions: integer('maxSessions', input.maxSessions ?? 10_000, 1, 1_000_000),
    journalSize: integer('journalSize', input.journalSize ?? 1000, 0, MAX_JOURNAL_SIZE),
    adminToken,
    maxHeaderSize: integer('maxHeaderSize', input.maxHeaderSize ?? LIMIT_DEFAULTS.maxHeaderSize, 1024, 1024 * 1024),
    maxHeaderCount: integer('maxHeaderCount', input.maxHeaderCount ?? LIMIT_DEFAULTS.maxHeaderCount, 1, 10_000),
    maxUrlLength: integer('maxUrlLength', input.maxUrlLength ?? LIMIT_DEFAULTS.maxUrlLength, 16, 1024 * 1024),
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: integer('keepAliveTimeout', input.keepAliveTimeout ?? LIMIT_DEFAULTS.keepAliveTimeout, 1, HOUR),
    maxConnections: integer('maxConnections', input.maxConnections ?? LIMIT_DEFAULTS.maxConnections, 1, 1_000_000),
    shutdownTimeout: integer('shutdownTimeout', input.shutdownTimeout ?? LIMIT_DEFAULTS.shutdownTimeout, 0, HOUR),
    coverageReport: coverageReport === undefined ? undefined : resolve(coverageReport),
  });
}

function integer(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new MockConfigError(`option "${name}" must be an integer from ${min} to ${max}; got ${JSON.stringify(value)}`);
  }
  return value;
}

function boolean(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new MockConfigError(`option "${name}" must be true or false; got ${JSON.stringify(value)}`);
  return value;
}
