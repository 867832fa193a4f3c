import { isAbsolute, resolve } from 'node:path';
import { BUNDLED_SCENARIOS, BUNDLED_SPEC } from './assets/package-files.js';
import type { DocumentCache } from './cache/document-cache.js';
import { MockConfigError } from './config-error.js';
import { type DocumentSource, parseDocumentSource } from './document-source.js';
import { parseDelayRange } from './mock-extensions.js';
import type { Declaration, FilledOptions, LogStream, OtelSettings } from './option-kinds.js';
import { type ARRAY_FORMATS, DECLARATIONS, type LogLevel, type OBJECT_FORMATS, OPTIONS, type OptionName } from './option-table.js';
import { TOKEN68 } from './protocol.js';

type ArrayFormat = (typeof ARRAY_FORMATS)[number];
type ObjectFormat = (typeof OBJECT_FORMATS)[number];

export { LOG_LEVELS, type LogLevel } from './option-table.js';
export { BUNDLED_SCENARIOS, BUNDLED_SPEC };

/**
 * Options of `createMockServer`. Every field is optional. Declared in ./option-table.ts; this interface
 * repeats them only for their documentation in editors, and a test keeps the two the same.
 */
export interface MockServerOptions {
  /**
   * Path of the OpenAPI 3.x / Swagger 2.0 document to mock (YAML or JSON), or several, each mounted at its own base
   * path: `/billing=billing.yaml`, else its first servers URL's path (a lone document: `/`). Default: the bundled
   * Plant Store `openapi.yaml`.
   */
  readonly spec?: string | readonly string[];
  /**
   * OpenAPI Overlay 1.0 / 1.1 files applied, in order, to the document at load and on every reload, before it is
   * checked (docs/overlays.md). With several documents, an overlay whose `extends` names one applies to it alone.
   */
  readonly overlays?: readonly string[];
  /** TCP port `listen()` binds; 0 picks a free port. Default 0 (the CLI's default is 4010). */
  readonly port?: number;
  /** Interface `listen()` binds. Default `127.0.0.1`: the mock is not reachable from other machines unless asked. */
  readonly host?: string;
  /** Seed of this server's data generator, for reproducible generated bodies. Default: random. */
  readonly seed?: number;
  /** Generate every body from its schema (like `Prefer: dynamic=true` on each request). Default false. */
  readonly dynamic?: boolean;
  /** Serve the document's examples and defaults that break their schema; by default the next source answers. Default false. */
  readonly serveInvalidExamples?: boolean;
  /**
   * Wait before every answer: milliseconds (`"120"`) or a range (`"100-500"`, each delay drawn with the
   * server's seeded randomness), at most 60000. `x-mock-delay`, a scenario's delay and `Prefer: delay=MS` come first. Default: none.
   */
  readonly delay?: string;
  /**
   * Validate requests against the document. False answers them as if valid and reports what validation
   * found in `x-mock-findings`, the journal and coverage (security is still checked). Default true.
   */
  readonly validateRequest?: boolean;
  /**
   * How arrays are spelled in the query (`--validator-query-array-format` too): `auto` (default) reads the
   * document's style and the dialects `a[]=1`, `a[0]=1`; another value reads that spelling (docs/request-dialects.md).
   */
  readonly queryArrayFormat?: ArrayFormat;
  /** How objects are spelled in the query: `auto` (default) reads the document's style, `a[b]=1` and `a.b=1`. */
  readonly queryObjectFormat?: ObjectFormat;
  /** How arrays are spelled in urlencoded and multipart bodies; the values of `queryArrayFormat`. */
  readonly formArrayFormat?: ArrayFormat;
  /** How objects are spelled in urlencoded and multipart bodies; the values of `queryObjectFormat`. */
  readonly formObjectFormat?: ObjectFormat;
  /** Accepted bearer tokens, any string a client can send. Empty (the default) accepts any non-empty token. */
  readonly tokens?: readonly string[];
  /** Refuse bearer tokens outside RFC 6750's grammar (`Bearer My API Key` is 401). Default false: any non-empty token passes. */
  readonly strictAuth?: boolean;
  /**
   * Answer 406 to an `Accept` that names none of the answer's media types. Default false: a `+json` type reads as JSON,
   * anything else gets the first documented type (docs/openapi-support.md).
   */
  readonly strictAccept?: boolean;
  /** Largest accepted request body in bytes; larger ones get 413. Default 1 MiB. */
  readonly bodyLimit?: number;
  /** Other origins whose pages may read and drive `/__mock/` (e.g. `http://localhost:3000`). Default: none, only the mock's own pages. */
  readonly adminCors?: readonly string[];
  /**
   * Other `Host` names the mock answers (`.example.com`: the domain and its subdomains; `*`: any). Default: none besides
   * `localhost`, IP addresses, and single-label names when `host` is not loopback; other hosts get 403 (DNS rebinding protection).
   */
  readonly allowedHosts?: readonly string[];
  /** Operations `/__mock/mcp/api` serves as MCP tools: operationIds, tags or `/path` patterns (`*`: any characters). Default: all. */
  readonly mcpInclude?: readonly string[];
  /** Log level; one line per request at `info`. Default `silent` (the CLI's default is `info`). */
  readonly logLevel?: LogLevel;
  /**
   * `json`: pino's JSON lines; `pretty`: short coloured lines (`POST /plants 200 1.2ms scenario=happy-path`);
   * `auto`: pretty when writing to standard output on a terminal, else JSON. Default `auto`.
   */
  readonly logFormat?: 'auto' | 'json' | 'pretty';
  /** Answer CORS requests and preflights, for browser frontends. Default true. */
  readonly cors?: boolean;
  /**
   * Origins whose pages may read the API's answers (`*`: any, without credentials), the real service's
   * through the proxy too. Default: none listed: any origin for what the mock makes up, and the real
   * service's own CORS headers on its answers.
   */
  readonly corsOrigins?: readonly string[];
  /** Where log lines are written. Default: standard output. */
  readonly logStream?: LogStream;
  /**
   * Send OpenTelemetry traces over OTLP/HTTP (protobuf) to this URL (`http://collector:4318/v1/traces`): a
   * server span per request, client spans for proxied calls, callbacks and webhooks (docs/tracing.md). Default: off.
   */
  readonly otelEndpoint?: string;
  /** With `otelEndpoint`: the exporter's headers, `service.name` (default `plantstore-mock`) and resource attributes. */
  readonly otel?: OtelSettings;
  /**
   * Serve HTTPS, HTTP/2 with HTTP/1.1 fallback (ALPN), with a certificate made at start for `localhost`,
   * `127.0.0.1` and `allowedHosts`, signed by a CA made for this server (`server.tls.caFile`). Default false.
   */
  readonly tls?: boolean;
  /**
   * With `tls`: write the generated CA (PEM) to this file instead of a new temporary directory, so a
   * container's module can copy it out from a known path. Default: none.
   */
  readonly tlsCaFile?: string;
  /** PEM certificate (chain) to serve HTTPS with instead of a generated one; with `key`. Default: none. */
  readonly cert?: string;
  /** PEM private key of `cert`. Default: none. */
  readonly key?: string;
  /** PEM CA certificates: clients must present a certificate one of them signed (mutual TLS); needs `tls` or `cert`. Default: none. */
  readonly clientCa?: string;
  /** Directory of extra scenario files (`*.yaml`); a file named like a bundled scenario replaces it. Default: none. */
  readonly scenariosDir?: string;
  /**
   * Load the bundled Plant Store scenarios too; false leaves only those of `scenariosDir`. Default: true
   * with the bundled spec, false with another (the bundled files name the Plant Store's operations).
   */
  readonly bundledScenarios?: boolean;
  /** Scenario every request gets unless its session or an `X-Mock-Scenario` header picks another. Default: none. */
  readonly scenario?: string;
  /** Reload the spec, scenario files and `data` file when they change; a bad edit keeps the last good version. Default false. */
  readonly watch?: boolean;
  /** Milliseconds without a request after which a scenario session (`X-Mock-Session`) is forgotten. Default 30 minutes. */
  readonly sessionIdleTimeout?: number;
  /** Most scenario sessions kept at once; the least recently used is forgotten first. Default 10000. */
  readonly maxSessions?: number;
  /** Follow `$ref`s to http(s) URLs; without it only files inside the document's folder are read (SECURITY.md). */
  readonly allowRemoteRefs?: boolean;
  /** Simulate the document's resources per session: what a request creates can be read, listed, replaced and deleted. Default false. */
  readonly stateful?: boolean;
  /** Most records one session holds with `stateful`; a create beyond it answers 507 TOO_MANY_RESOURCES. Default 10000. */
  readonly maxResources?: number;
  /** Most bytes of stored records and scenario data one session holds; a store beyond it answers 507. Default 64 MiB. */
  readonly maxStateBytes?: number;
  /** Most bytes of stored records and scenario data of all sessions together; a store beyond it answers 507. Default 512 MiB. */
  readonly maxTotalStateBytes?: number;
  /**
   * Seed data for `stateful` (JSON or YAML: collection path -> array of records), loaded into every new session. With several
   * documents, one file per document: `/billing=billing-data.yaml` seeds the document mounted at `/billing`; a file without a
   * base seeds the first document. Default: none.
   */
  readonly data?: string | readonly string[];
  /** How many of the latest API requests the journal keeps (a ring: older ones drop out); 0 turns it off. Default 1000. */
  readonly journalSize?: number;
  /** When set, everything under `/__mock/` except health requires `Authorization: Bearer <adminToken>` (or `?token=`). Default: none. */
  readonly adminToken?: string;
  /** Keep credentials unmasked in the journal, dashboard and coverage. Default false: masked as `Bearer ***abcd`. */
  readonly journalUnmasked?: boolean;
  /** Most open `/__mock/events` streams; a new one closes the oldest. Default 32. */
  readonly maxEventStreams?: number;
  /** Directory where close() writes the contract coverage report (coverage.json, .xml, .md). Default: none. */
  readonly coverageReport?: string;
  /** Largest request headers (the URL apart), in bytes; larger ones get 431 and the connection is closed. Default 16 KiB. */
  readonly maxHeaderSize?: number;
  /** Most header fields a request may have; more get 431. Default 100. */
  readonly maxHeaderCount?: number;
  /** Longest request URL (path and query) in characters; longer ones get 414. Default 16384. */
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
  /** Milliseconds loading the documents may take; beyond it creation fails with a MockConfigError saying where it was. Default 120 000. */
  readonly startupTimeout?: number;
  /** Prepare every operation before listening; by default they are prepared in the background once listening (`ready` in health). Default false. */
  readonly warm?: boolean;
  /** Whether `documentCache` is used (the CLI's `--no-parse-cache` turns it off). Default true. */
  readonly parseCache?: boolean;
  /**
   * Parsed documents kept between runs: the CLI opens one in the user's cache directory
   * (`openDocumentCache`, src/cache/document-cache.ts); a large YAML document found there is not parsed again. Default: none.
   */
  readonly documentCache?: DocumentCache;
  /** Hosts (`host` for any port, `host:port`) callbacks and webhooks may be sent to; others are refused. Default: loopback only. */
  readonly callbackAllow?: readonly string[];
  /** Milliseconds between an answer and its callbacks (`Prefer: callback-delay=MS` per request). Default 100. */
  readonly callbackDelay?: number;
  /** Milliseconds a callback or webhook consumer may take to answer. Default 5 000. */
  readonly callbackTimeout?: number;
  /** Times a callback is sent again after a timeout, a failed connection or a 5xx answer. Default 0. */
  readonly callbackRetries?: number;
  /** Base URL of the real service: routed requests are forwarded there and its answers checked against the document. Default: none. */
  readonly proxy?: string;
  /**
   * `redis://[user:pass@]host:port[/db]` or `rediss://`: sessions, sequence positions and stateful records are kept in
   * this Valkey/Redis server and shared by every replica given the same URL and prefix (docs/scale-out.md). Default: in memory.
   */
  readonly store?: string;
  /** Prefix of the store's keys; mocks with different prefixes never see each other's data. Default: derived from the documents. */
  readonly storePrefix?: string;
  /** When the store is unreachable at start: warn and keep state in memory instead of failing. Default false. */
  readonly storeOptional?: boolean;
  /** PEM file of the certificate authorities that sign the `proxy` service's certificate. Default: the system's. */
  readonly proxyCa?: string;
  /** Milliseconds the `proxy` service has to answer (and between body chunks); then 504. Default 30 000. */
  readonly proxyTimeout?: number;
  /** Requests the mock would reject: `forward` them and report the violation (default), or `reject` them as the mock would. */
  readonly proxyValidateRequest?: 'forward' | 'reject';
  /** Answer 502 in place of an upstream answer that drifts from the document. Default false. */
  readonly proxyStrict?: boolean;
  /** When the mock answers in the upstream's place: `unavailable`, `missing`, `both`, or `off` (default). */
  readonly proxyFallback?: 'off' | 'unavailable' | 'missing' | 'both';
  /** Directory the `proxy`'s exchanges are recorded to as scenario files (one per session). Default: none. */
  readonly record?: string;
  /** One recording named so (`NAME.yaml`) for every session, instead of one file per session. */
  readonly recordName?: string;
  /** Request and answer parts never written to recordings: header names and JSON pointers into bodies. */
  readonly redact?: readonly string[];
  /** Leave exchanges whose answer drifts from the document out of recordings. Default false. */
  readonly recordOnContractOnly?: boolean;
  /** What `record` writes: scenario files, HAR 1.2 logs (`NAME.har`), or both side by side. Default `scenario`. */
  readonly recordFormat?: 'scenario' | 'har' | 'both';
}

type Filled = FilledOptions<typeof OPTIONS>;

/** Options after validation: complete, absolute and frozen. */
export type ResolvedOptions = Omit<Filled, 'scenariosDir' | 'bundledScenarios' | 'spec' | 'data'> & {
  /** Scenario directories in load order (bundled first, when loaded). */
  readonly scenarioDirs: readonly string[];
  /** The (first) document's absolute path. */
  readonly spec: string;
  /** Every document served, in the order given (one unless `spec` named several). */
  readonly documents: readonly DocumentSource[];
  /** The seed file of a lone document at `/` (or, once mounted, of the document being built). */
  readonly data: string | undefined;
  /** Every `data` file given, each with the base path of the document it seeds when one was named. */
  readonly dataSources: readonly DocumentSource[];
};

const LIMITS = [
  'maxHeaderSize',
  'maxHeaderCount',
  'maxUrlLength',
  'headersTimeout',
  'requestTimeout',
  'keepAliveTimeout',
  'maxConnections',
  'shutdownTimeout',
] as const satisfies readonly OptionName[];

/** Defaults of the limits: generous for any test, small enough that one client cannot exhaust the mock. */
export const LIMIT_DEFAULTS = Object.freeze(Object.fromEntries(LIMITS.map((name) => [name, OPTIONS[name].default]))) as Readonly<
  Record<(typeof LIMITS)[number], number>
>;

/** Defaults that depend on an option declared before them. */
const DERIVED_DEFAULTS: Partial<Record<OptionName, (earlier: Partial<Filled>) => unknown>> = {
  // The bundled files name the Plant Store's operations: of no use with another spec.
  bundledScenarios: (earlier) => {
    const documents = earlier.spec as readonly DocumentSource[] | undefined;
    return documents?.length === 1 && documents[0]?.file === BUNDLED_SPEC;
  },
};

/** Validates the options once; throws MockConfigError naming the first bad option. */
export function resolveOptions(input: MockServerOptions = {}): ResolvedOptions {
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(OPTIONS, key))
      throw new MockConfigError(`unknown option "${key}"; known options: ${Object.keys(OPTIONS).join(', ')}`);
  }
  const given = input as Readonly<Record<string, unknown>>;
  const filled: Record<string, unknown> = {};
  for (const [name, declaration] of DECLARATIONS) {
    const fallback = DERIVED_DEFAULTS[name]?.(filled) ?? ('default' in declaration ? declaration.default : undefined);
    // Left out, or null where there is a default: the default. An explicit null without one is an error.
    const value = fallback === undefined ? given[name] : (given[name] ?? fallback);
    filled[name] = value === undefined ? undefined : checked(name, declaration, value);
  }
  const { scenariosDir, bundledScenarios, spec, data, ...resolved } = filled as Omit<Filled, 'spec' | 'data'> & {
    spec: readonly DocumentSource[];
    data: readonly DocumentSource[] | undefined;
  };
  // Node refuses a server whose headers may take longer than the whole request.
  if (resolved.headersTimeout > resolved.requestTimeout) {
    throw new MockConfigError(
      `option "headersTimeout" (${resolved.headersTimeout}) must not exceed option "requestTimeout" (${resolved.requestTimeout})`,
    );
  }
  if (resolved.strictAuth && resolved.tokens.some((token) => !TOKEN68.test(token)))
    throw new MockConfigError('option "tokens" must hold RFC 6750 tokens (letters, digits and -._~+/) with option "strictAuth"');
  const delay = resolved.delay === undefined ? undefined : parseDelayRange(resolved.delay);
  if (typeof delay === 'string') throw new MockConfigError(`option "delay" ${delay}`);
  const scenarioDirs = [...(bundledScenarios ? [BUNDLED_SCENARIOS] : []), ...(scenariosDir === undefined ? [] : [scenariosDir])];
  const first = spec[0] as DocumentSource;
  const dataSources = data ?? [];
  return Object.freeze({
    ...resolved,
    overlays: Object.freeze(resolved.overlays.map((file) => (isAbsolute(file) ? file : resolve(file)))),
    spec: first.file,
    documents: spec,
    data: loneDocumentData(spec, dataSources),
    dataSources,
    scenarioDirs: Object.freeze(scenarioDirs),
  });
}

/**
 * The seed file of a lone document served at `/`, checked here as no servers URL can move it; with
 * several documents or a named base, each is matched to its document once mounted (seedFiles).
 */
function loneDocumentData(spec: readonly DocumentSource[], data: readonly DocumentSource[]): string | undefined {
  const [lone] = spec;
  if (spec.length !== 1 || (lone?.base ?? '/') !== '/') return data.find((source) => source.base === undefined)?.file;
  if (data.length > 1) throw new MockConfigError('option "data" names one file per document; one document is served');
  const [given] = data;
  if (given?.base !== undefined && given.base !== '/')
    throw new MockConfigError(`option "data" seeds the document at ${given.base}, but the only document is served at /`);
  return given?.file;
}

/** The value if it fits its declaration (paths made absolute, lists copied and frozen); else throws naming the option. */
function checked(name: string, declaration: Declaration, value: unknown): unknown {
  const bad = (must: string) => new MockConfigError(`option "${name}" ${must}`);
  switch (declaration.kind) {
    case 'integer':
    case 'size': {
      const { min, max } = declaration;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
        throw bad(`must be an integer from ${min} to ${max}; got ${JSON.stringify(value)}`);
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw bad(`must be true or false; got ${JSON.stringify(value)}`);
      return value;
    case 'choice':
      if (!declaration.choices.includes(value as string))
        throw bad(`must be one of ${declaration.choices.join(', ')}; got "${String(value)}"`);
      return value;
    case 'string':
      if (typeof value !== 'string' || !declaration.pattern.test(value))
        throw bad(declaration.showValue ? `${declaration.invalid}; got ${JSON.stringify(value)}` : declaration.invalid);
      return value;
    case 'path': {
      if (!declaration.mounts) {
        if (typeof value !== 'string' || value === '') throw bad(declaration.invalid);
        return isAbsolute(value) ? value : resolve(value);
      }
      const entries = Array.isArray(value) ? value : [value];
      if (entries.length === 0 || entries.some((entry) => typeof entry !== 'string' || entry === '')) throw bad(declaration.invalid);
      const sources = entries.map((entry: string) => parseDocumentSource(entry));
      const wrong = sources.find((source) => typeof source === 'string');
      if (wrong !== undefined) throw bad(wrong as string);
      return Object.freeze(sources.map((source) => Object.freeze(source)));
    }
    case 'tokens':
      if (!Array.isArray(value) || value.some((token) => typeof token !== 'string' || !declaration.pattern.test(token)))
        throw bad(declaration.invalid);
      return Object.freeze([...value]);
    case 'stream':
      return value;
    case 'otel':
      return checkedOtel(value, bad);
    case 'documentCache': {
      const cache = value as { get?: unknown; put?: unknown } | null;
      if (typeof cache?.get !== 'function' || typeof cache.put !== 'function') throw bad('must be a cache with get and put');
      return value;
    }
  }
}

/** The exporter's settings: string maps and a name, copied and frozen. */
function checkedOtel(value: unknown, bad: (must: string) => MockConfigError): OtelSettings {
  const strings = (map: unknown) =>
    map === undefined || (map !== null && typeof map === 'object' && Object.values(map).every((v) => typeof v === 'string'));
  const given = (value ?? {}) as Partial<Record<keyof OtelSettings, unknown>>;
  if (typeof value !== 'object' || value === null || !strings(given.headers) || !strings(given.resourceAttributes))
    throw bad('must be { headers?, serviceName?, resourceAttributes? }, the maps of strings');
  if (given.serviceName !== undefined && (typeof given.serviceName !== 'string' || given.serviceName === ''))
    throw bad('"serviceName" must be a non-empty string');
  return Object.freeze({ ...(value as OtelSettings) });
}
