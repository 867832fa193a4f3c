import { BUNDLED_SPEC } from './assets/package-files.js';
import type { Declaration, GivenOptions } from './option-kinds.js';
import { HEADER_CREDENTIAL, SCENARIO_NAME, TOKEN68 } from './protocol.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const ENV_PREFIX = 'PLANTSTORE_MOCK';

/** How arrays are spelled in a query or form: Steady's names, and `indices` (`a[0]=1`); `auto` reads the document's style and the bracket dialects. */
export const ARRAY_FORMATS = ['auto', 'repeat', 'comma', 'space', 'pipe', 'brackets', 'indices'] as const;
/** How objects are spelled in a query or form: Steady's names; `auto` reads the document's style, brackets and dots. */
export const OBJECT_FORMATS = ['auto', 'flat', 'flat-comma', 'brackets', 'dots'] as const;

const HOUR = 3_600_000;

/**
 * Every option, declared once. `resolveOptions`, the CLI's flags and environment variables, the option types
 * and the README's command-line table (`npm run docs`) are made from it, in this order (that of `--help`).
 * Flag: the kebab-case of the name unless `flag` is given; environment variable: PLANTSTORE_MOCK_ and the flag
 * in SNAKE_CASE. Field meanings: ./option-kinds.ts.
 */
export const OPTIONS = {
  spec: {
    kind: 'path',
    mounts: true,
    default: BUNDLED_SPEC,
    arg: 'PATH',
    invalid: 'must be a file path, or /BASE=PATH',
    help: 'OpenAPI document to mock (YAML or JSON); repeatable; /BASE=PATH mounts it at /BASE',
    helpDefault: 'the bundled Plant Store openapi.yaml',
    readme:
      'OpenAPI 3.x / Swagger 2.0 document (or Postman collection, [as Prism](docs/import-export.md)) to mock (YAML or JSON); every operation in it is mocked the same way; repeatable, `/BASE=PATH` mounts it at `/BASE` ([several APIs](docs/multiple-documents.md))',
    readmeDefault: 'bundled `openapi.yaml`',
  },
  overlays: {
    kind: 'tokens',
    flag: 'overlay',
    default: [],
    pattern: /\S/,
    invalid: 'must be a list of overlay file paths',
    arg: 'FILE',
    help: 'OpenAPI Overlay (1.0 or 1.1) applied to the spec at load and on reload; repeatable, applied in order',
    readme:
      'OpenAPI Overlay 1.0/1.1 applied to the document at load and on every reload; repeatable, in order ([overlays](docs/overlays.md))',
    readmeDefault: 'none',
  },
  port: { kind: 'integer', default: 0, cliDefault: 4010, min: 0, max: 65535, help: 'TCP port to listen on (0 picks a free one)' },
  host: {
    kind: 'string',
    default: '127.0.0.1',
    pattern: /\S/,
    invalid: 'must be a host name or address',
    arg: 'H',
    help: 'interface to listen on (0.0.0.0 for every interface)',
    readme: 'interface; `0.0.0.0` to be reachable from other machines',
  },
  seed: {
    kind: 'integer',
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    help: 'seed of the data generator, for reproducible generated bodies',
    readmeDefault: 'random',
  },
  dynamic: { kind: 'boolean', default: false, help: 'generate bodies from the schemas instead of echoing and examples' },
  serveInvalidExamples: {
    kind: 'boolean',
    default: false,
    help: "serve the document's examples and defaults that break their schema (by default the next source answers)",
  },
  delay: {
    kind: 'string',
    pattern: /^\d{1,9}(-\d{1,9})?$/,
    invalid: 'must be milliseconds (120) or a range (100-500)',
    showValue: true,
    arg: 'MS',
    help: 'wait this long before every answer; MIN-MAX draws each delay (seeded by --seed); at most 60000',
    readme:
      'wait this long before every answer; `MIN-MAX` draws each delay (seeded by `--seed`); at most 60000 ([delays](docs/delays-and-validation.md))',
    readmeDefault: 'none',
  },
  validateRequest: {
    kind: 'boolean',
    default: true,
    help: 'validate requests; --no-validate-request answers them as if valid and reports what is wrong in x-mock-findings',
    readme:
      'validate requests against the document; `--no-validate-request` answers as if valid, violations still reported ([how](docs/delays-and-validation.md))',
  },
  queryArrayFormat: {
    kind: 'choice',
    choices: ARRAY_FORMATS,
    default: 'auto',
    aliases: ['validator-query-array-format'],
    arg: 'FORMAT',
    help: "how query arrays are spelled: auto (the document's style, a[]=1 and a[0]=1 too), repeat, comma, space, pipe, brackets, indices",
    readme:
      "(objects: `auto` `flat` `flat-comma` `brackets` `dots`) how arrays and objects are spelled in queries and forms; `auto` reads the document's style, `a[]=1`, `a[0][b]=1`, `a.b=1`; Steady's `--validator-…` spellings too ([dialects](docs/request-dialects.md))",
  },
  queryObjectFormat: {
    kind: 'choice',
    readmeJoin: true,
    choices: OBJECT_FORMATS,
    default: 'auto',
    aliases: ['validator-query-object-format'],
    arg: 'FORMAT',
    help: "how query objects are spelled: auto (the document's style, a[b]=1 and a.b=1 too), flat, flat-comma, brackets, dots",
  },
  formArrayFormat: {
    kind: 'choice',
    readmeJoin: true,
    choices: ARRAY_FORMATS,
    default: 'auto',
    aliases: ['validator-form-array-format'],
    arg: 'FORMAT',
    help: 'how arrays are spelled in urlencoded and multipart bodies; the values of --query-array-format',
  },
  formObjectFormat: {
    kind: 'choice',
    readmeJoin: true,
    choices: OBJECT_FORMATS,
    default: 'auto',
    aliases: ['validator-form-object-format'],
    arg: 'FORMAT',
    help: 'how objects are spelled in urlencoded and multipart bodies; the values of --query-object-format',
  },
  tokens: {
    kind: 'tokens',
    flag: 'token',
    default: [],
    pattern: HEADER_CREDENTIAL,
    invalid: 'must be a list of bearer tokens (visible characters, spaces within)',
    arg: 'T',
    help: 'accepted bearer token (repeatable; env: comma-separated); default: any token',
    readme: 'accepted bearer token; repeatable',
    readmeDefault: 'any token',
  },
  strictAuth: {
    kind: 'boolean',
    default: false,
    help: 'refuse bearer tokens outside RFC 6750 grammar (by default any non-empty token of the scheme passes)',
    readme: 'refuse bearer tokens outside RFC 6750 grammar (`Bearer My API Key`); by default any non-empty one passes',
  },
  strictAccept: {
    kind: 'boolean',
    default: false,
    help: "answer 406 to an Accept naming none of the answer's types (by default +json reads as JSON, else the first type)",
    readme:
      "answer `406` to an `Accept` naming none of the answer's types; by default `+json` reads as JSON, anything else gets the first documented type ([rule](docs/openapi-support.md#which-media-type-answers-accept))",
  },
  bodyLimit: {
    kind: 'size',
    default: 1024 * 1024,
    min: 1,
    max: 1024 ** 3,
    examples: '1048576, 512kb or 2mb',
    help: 'largest request body: bytes, or with kb/mb',
    readme: 'largest body: bytes, `512kb`, `2mb`',
  },
  logLevel: {
    kind: 'choice',
    choices: LOG_LEVELS,
    default: 'silent',
    cliDefault: 'info',
    arg: 'L',
    help: 'log level; info logs one line per request',
    readme: '`info` logs one line per request',
  },
  logFormat: {
    kind: 'choice',
    choices: ['auto', 'json', 'pretty'],
    default: 'auto',
    arg: 'F',
    help: 'json: one JSON line per event; pretty: short coloured lines; auto: pretty on a terminal, JSON otherwise',
    readme: '`json`: one JSON line per event; `pretty`: short coloured lines for a person; `auto`: pretty on a terminal, else JSON',
  },
  cors: {
    kind: 'boolean',
    default: true,
    help: 'answer CORS requests and preflights (--no-cors to turn off)',
    readme: 'answer CORS requests and preflights',
  },
  corsOrigins: {
    kind: 'tokens',
    flag: 'cors-origin',
    default: [],
    pattern: /^(\*|https?:\/\/[^\s/?#]+)$/,
    invalid: 'must be a list of origins such as http://localhost:3000, or *',
    arg: 'ORIGIN',
    help: "an origin whose pages may read the API's answers, proxied ones too (repeatable; *: any, no credentials)",
    readme:
      "an origin whose pages may read the API's answers, the real service's through `--proxy` too (repeatable; `*`: any origin, without credentials); by default any origin for made-up answers, the service's own CORS for proxied ones",
    readmeDefault: 'any; proxied: upstream',
  },
  logStream: { kind: 'stream' },
  otelEndpoint: {
    kind: 'string',
    pattern: /^https?:\/\/[^\s/]+/i,
    invalid: 'must be an http:// or https:// URL of an OTLP/HTTP traces receiver',
    showValue: true,
    arg: 'URL',
    help: 'send OpenTelemetry traces (OTLP/HTTP, protobuf) to this URL; the CLI reads OTEL_EXPORTER_OTLP_* too',
    readme:
      'send [OpenTelemetry traces](docs/tracing.md) over OTLP/HTTP to this URL (`…/v1/traces`); also from the standard `OTEL_*` variables',
    readmeDefault: 'off',
  },
  otel: { kind: 'otel' },
  adminCors: {
    kind: 'tokens',
    flag: 'admin-cors',
    default: [],
    pattern: /^https?:\/\/[^\s/?#]+$/,
    invalid: 'must be a list of origins such as http://localhost:3000',
    arg: 'ORIGIN',
    help: "another origin whose pages may call /__mock/ (repeatable); default: the mock's own origin only",
    readme:
      "another origin whose pages may read and drive `/__mock/` (repeatable); by default only the mock's own pages (the dashboard) may",
    readmeDefault: 'own origin only',
  },
  allowedHosts: {
    kind: 'tokens',
    flag: 'allowed-host',
    default: [],
    pattern: /^(\*|\.?[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?)$/,
    invalid: 'must be a list of host names (.example.com for a domain and its subdomains, * for any host)',
    arg: 'HOST',
    help: 'another Host the mock answers (repeatable; .example.com: a domain and its subdomains; *: any host)',
    helpDefault: 'localhost, IP addresses; single-label names unless --host is loopback',
    readme:
      'another `Host` the mock answers (repeatable; `.example.com` for a domain and its subdomains; `*` for any, e.g. a public deployment); other hosts get `403` ([why](SECURITY.md))',
    readmeDefault: '`localhost`, IP addresses; single-label names unless `--host` is loopback',
  },
  mcpInclude: {
    kind: 'tokens',
    flag: 'mcp-include',
    default: [],
    pattern: /^[A-Za-z0-9_./{}*:-]{1,256}$/,
    invalid: 'must be a list of operationIds, tags or /path patterns (* for any characters)',
    arg: 'ID|TAG|/PATH',
    help: 'operations served as MCP tools by `mcp --api` and /__mock/mcp/api (repeatable; /path patterns take *); default: all',
    readme:
      'operations served as MCP tools by `mcp --api` and `/__mock/mcp/api`: an operationId, a tag or a `/path` pattern (`*`: any characters); repeatable ([MCP](docs/mcp.md))',
    readmeDefault: 'all',
  },
  tls: {
    kind: 'boolean',
    default: false,
    help: 'serve HTTPS and HTTP/2 with a certificate made at start for localhost, 127.0.0.1 and --allowed-host names; the start line names its CA file',
    readme:
      'serve HTTPS (HTTP/2 and HTTP/1.1) with a certificate made at start for `localhost`, `127.0.0.1` and the `--allowed-host` names; the start line names the CA file to trust ([HTTPS](docs/https.md))',
  },
  tlsCaFile: {
    kind: 'path',
    flag: 'tls-ca-file',
    invalid: 'must be a file path',
    arg: 'FILE',
    help: "with --tls: write the generated certificate's CA (PEM) to this file instead of a new temporary directory",
    readme:
      "with `--tls`: write the generated certificate's CA (PEM) to this file instead of a new temporary directory (containers: [modules](docs/containers.md))",
  },
  cert: {
    kind: 'path',
    invalid: 'must be a file path',
    arg: 'FILE',
    help: 'serve HTTPS with this PEM certificate (chain) instead of a generated one; needs --key',
    readme: 'serve HTTPS with this PEM certificate (chain) instead of a generated one; with `--key`',
  },
  key: {
    kind: 'path',
    invalid: 'must be a file path',
    arg: 'FILE',
    help: 'the PEM private key of --cert',
    readme: 'the PEM private key of `--cert`',
  },
  clientCa: {
    kind: 'path',
    flag: 'client-ca',
    invalid: 'must be a file path',
    arg: 'FILE',
    help: 'require client certificates signed by these PEM CAs (mutual TLS); needs --tls or --cert',
    readme: 'require client certificates signed by these PEM CAs (mutual TLS; the journal records the subject); needs `--tls` or `--cert`',
  },

  scenariosDir: {
    kind: 'path',
    flag: 'scenarios',
    invalid: 'must be a directory path',
    arg: 'DIR',
    help: 'directory of extra scenario files (*.yaml); same name replaces a bundled one',
    readme: 'directory of extra [scenario files](scenarios/README.md); a file named like a bundled one replaces it',
  },
  // Its default depends on the spec: resolveOptions works it out.
  bundledScenarios: {
    kind: 'boolean',
    help: 'load the bundled Plant Store scenarios (--no-bundled-scenarios: only --scenarios DIR)',
    helpDefault: 'on with the bundled spec, off with --spec',
    readme: 'load the bundled Plant Store scenarios (they name its operations)',
    readmeDefault: 'on with the bundled spec, off with `--spec`',
  },
  scenario: {
    kind: 'string',
    pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    invalid: 'must be a scenario name (letters, digits and -._)',
    showValue: true,
    arg: 'NAME',
    help: 'scenario every request gets unless X-Mock-Scenario or its session picks another',
    readme: 'scenario every request gets unless a session or `X-Mock-Scenario` picks another',
  },
  watch: {
    kind: 'boolean',
    default: false,
    help: 'reload the spec, scenario files and --data file on change; a bad edit keeps the last good version',
    readme: 'reload the spec, scenario files and `--data` file on change; a bad edit keeps the last good version and logs why',
  },
  sessionIdleTimeout: {
    kind: 'integer',
    default: 30 * 60 * 1000,
    min: 1,
    max: 2 ** 31 - 1,
    arg: 'MS',
    help: 'milliseconds after which an idle X-Mock-Session is forgotten',
  },
  maxSessions: {
    kind: 'integer',
    default: 10_000,
    min: 1,
    max: 1_000_000,
    help: 'most X-Mock-Session sessions kept at once (least recently used go first)',
  },
  allowRemoteRefs: {
    kind: 'boolean',
    default: false,
    help: "follow $refs to http(s) URLs (without it, only files inside the document's folder)",
  },
  stateful: {
    kind: 'boolean',
    default: false,
    help: 'simulate the resources of the document: what a request creates can be read, listed, changed and deleted',
    readme:
      "simulate the document's resources per session: created records can be read, listed, replaced and deleted ([stateful simulation](docs/stateful.md))",
  },
  maxResources: {
    kind: 'integer',
    default: 10_000,
    min: 1,
    max: 10_000_000,
    help: 'most records one session holds with --stateful (a create beyond it answers 507)',
  },
  maxStateBytes: {
    kind: 'size',
    default: 64 * 1024 * 1024,
    min: 1024,
    max: 64 * 1024 ** 3,
    examples: '67108864, 64mb or 1gb',
    help: 'most bytes of stored records and scenario data one session holds (507 beyond): bytes, or with kb/mb/gb',
    readme: 'most bytes of stored records and scenario data per session; a store beyond it answers `507`',
  },
  maxTotalStateBytes: {
    kind: 'size',
    default: 512 * 1024 * 1024,
    min: 1024,
    max: 64 * 1024 ** 3,
    examples: '536870912, 512mb or 2gb',
    help: 'most bytes of stored records and scenario data of all sessions together (507 beyond)',
    readme: 'most bytes of stored records and scenario data of all sessions together; a store beyond it answers `507`',
  },
  data: {
    kind: 'path',
    mounts: true,
    invalid: 'must be a file path, or /BASE=FILE',
    arg: 'FILE',
    help: 'seed records for --stateful (JSON or YAML: collection path -> array of records), in every new session; repeatable, /BASE=FILE seeds the document at /BASE',
    readme:
      '[seed records](docs/stateful.md#seed-data) for `--stateful`: collection path -> array of records, loaded into every new session; repeatable, `/BASE=FILE` seeds the document mounted at `/BASE`',
  },
  journalSize: {
    kind: 'integer',
    default: 1000,
    min: 0,
    max: 1_000_000,
    help: 'how many of the latest requests the journal keeps (0 turns it off)',
  },
  journalUnmasked: {
    kind: 'boolean',
    default: false,
    help: 'keep credentials unmasked in the journal, dashboard and coverage (default: masked as Bearer ***abcd)',
    readme: 'keep credentials (Authorization, cookies, the API keys the document names) unmasked in the journal and dashboard',
  },
  maxEventStreams: {
    kind: 'integer',
    default: 32,
    min: 1,
    max: 10_000,
    help: 'most open /__mock/events streams (the oldest is closed for a new one; at most half of --max-connections)',
    readme: 'most open `/__mock/events` streams (dashboards); a new one closes the oldest; at most half of `--max-connections`',
  },
  adminToken: {
    kind: 'string',
    pattern: TOKEN68,
    invalid: 'must be a bearer token (letters, digits and -._~+/ as RFC 6750 allows)',
    arg: 'T',
    help: 'require Authorization: Bearer T on /__mock/ (except health)',
    readme: 'require `Authorization: Bearer T` (or `?token=T`) under `/__mock/`, health excepted',
  },
  coverageReport: {
    kind: 'path',
    invalid: 'must be a directory path',
    arg: 'DIR',
    help: 'directory where coverage.json, coverage.xml and coverage.md are written on shutdown',
    readme:
      'directory where the [contract coverage](docs/coverage.md) report (`coverage.json`, `coverage.xml`, `coverage.md`) is written when the server closes',
  },
  maxHeaderSize: {
    kind: 'size',
    default: 16 * 1024,
    min: 1024,
    max: 1024 * 1024,
    examples: '16384 or 16kb',
    help: 'largest request line plus headers (431 beyond): bytes, or with kb',
    readme: 'largest request line plus headers; beyond it `431` and the connection is closed',
  },
  maxHeaderCount: { kind: 'integer', default: 100, min: 1, max: 10_000, help: 'most header fields per request (431 beyond)' },
  maxUrlLength: {
    kind: 'integer',
    default: 8192,
    min: 16,
    max: 1024 * 1024,
    help: 'longest request URL in characters (414 beyond)',
    readme: 'longest URL (path and query) in characters; beyond it `414`',
  },
  headersTimeout: {
    kind: 'integer',
    default: 10_000,
    min: 1,
    max: HOUR,
    arg: 'MS',
    help: 'ms a client has to send its headers (408 after)',
    readme: 'time a client has to send its request line and headers; then `408` and close',
  },
  requestTimeout: {
    kind: 'integer',
    default: 30_000,
    min: 1,
    max: HOUR,
    arg: 'MS',
    help: 'ms a client has to send a whole request (408 after)',
    readme: 'time a client has to send a whole request, body included; then `408` and close',
  },
  keepAliveTimeout: {
    kind: 'integer',
    default: 5_000,
    min: 1,
    max: HOUR,
    arg: 'MS',
    help: 'ms an idle keep-alive connection stays open',
    readme: 'how long an idle keep-alive connection stays open',
  },
  maxConnections: {
    kind: 'integer',
    default: 1_000,
    min: 1,
    max: 1_000_000,
    help: 'most open connections; more are closed at once',
    readme: 'most open connections; further ones are closed at once (the client sees a reset)',
  },
  shutdownTimeout: {
    kind: 'integer',
    default: 1_500,
    min: 0,
    max: HOUR,
    arg: 'MS',
    help: 'ms in-flight requests may take to finish on SIGTERM/SIGINT',
    readme: 'on SIGTERM/SIGINT, how long in-flight requests may take before every connection is closed',
  },
  startupTimeout: {
    kind: 'integer',
    default: 120_000,
    min: 1,
    max: HOUR,
    arg: 'MS',
    help: 'ms the documents may take to load; beyond it start-up stops with one line saying where it was',
    readme:
      'how long reading the documents may take; beyond it start-up stops with one line saying where it was ([large documents](docs/openapi-support.md#large-documents)); `--warm` also prepares every operation before listening, rather than in the background once listening ([no slow first call](docs/openapi-support.md#no-slow-first-call)); `--no-parse-cache` parses large YAML documents anew instead of reading them from the [per-user cache](docs/openapi-support.md#large-documents)',
  },
  warm: {
    kind: 'boolean',
    readmeJoin: true,
    default: false,
    help: 'prepare every operation before listening (by default they are prepared in the background once listening; health says when ready)',
  },
  parseCache: {
    kind: 'boolean',
    readmeJoin: true,
    default: true,
    help: 'keep large documents parsed in the per-user cache ($XDG_CACHE_HOME or ~/.cache/plantstore-mock); --no-parse-cache: off',
  },
  documentCache: { kind: 'documentCache' },
  callbackAllow: {
    kind: 'tokens',
    default: [],
    pattern: /^((\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(:\d{1,5})?|\[?[0-9A-Fa-f:.]+\]?\/\d{1,3})$/,
    invalid: 'must be a list of HOST, HOST:PORT (an IPv6 address in brackets) or an address range ADDRESS/BITS',
    arg: 'HOST[:PORT]',
    help: 'a host, or an address range (10.0.0.0/8), callbacks and webhooks may be sent to (repeatable); others are refused',
    helpDefault: 'loopback only',
    readme:
      'a host (any port), `host:port` or address range (`10.0.0.0/8`) callbacks and webhooks may be sent to (repeatable); a name that resolves to a private address is refused unless its range is listed ([callbacks and webhooks](docs/callbacks.md))',
    readmeDefault: '`localhost`, `127.0.0.0/8`, `[::1]`',
  },
  callbackDelay: {
    kind: 'integer',
    default: 100,
    min: 0,
    max: 60_000,
    arg: 'MS',
    help: 'ms between an answer and its callbacks (Prefer: callback-delay=MS per request)',
  },
  callbackTimeout: {
    kind: 'integer',
    default: 5_000,
    min: 1,
    max: 60_000,
    arg: 'MS',
    help: 'ms a callback or webhook consumer may take to answer',
  },
  callbackRetries: {
    kind: 'integer',
    default: 0,
    min: 0,
    max: 10,
    help: 'times a callback is sent again after a timeout, a failed connection or a 5xx answer',
  },
  store: {
    kind: 'string',
    pattern: /^rediss?:\/\/[^\s]+$/i,
    invalid: 'must be a redis:// or rediss:// URL such as redis://valkey:6379/0',
    arg: 'URL',
    help: 'share sessions, sequences and records with other replicas through Valkey or Redis at URL (env MOCK_STORE too)',
    readme: 'share sessions, sequence positions and records between replicas through Valkey/Redis ([scale-out](docs/scale-out.md))',
  },
  storePrefix: {
    kind: 'string',
    pattern: /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/,
    invalid: 'must be 1 to 100 letters, digits and ._:-',
    showValue: true,
    arg: 'P',
    help: 'prefix of the --store keys, so several mocks share one server (default: derived from the served documents)',
  },
  storeOptional: {
    kind: 'boolean',
    default: false,
    help: 'start with a warning and keep state in memory when the --store is unreachable at start (default: exit 2)',
  },
  proxy: {
    kind: 'string',
    pattern: /^https?:\/\/[^\s]+$/i,
    invalid: 'must be an http:// or https:// URL such as https://api.example.com/v1',
    arg: 'URL',
    help: 'forward every routed request to the real service at URL and check its answers against the document',
    readme:
      'forward routed requests to the real service at URL and report where its answers drift from the document ([proxy](docs/proxy.md))',
  },
  proxyCa: {
    kind: 'path',
    invalid: 'must be a file path',
    arg: 'FILE',
    help: 'PEM file of the certificate authorities the --proxy service is trusted by (a private CA)',
  },
  proxyTimeout: {
    kind: 'integer',
    default: 30_000,
    min: 1,
    max: HOUR,
    arg: 'MS',
    help: 'ms the --proxy service has to answer (504 after)',
    readme: 'time the `--proxy` service has to send its answer headers, and then between body chunks; then `504`',
  },
  proxyValidateRequest: {
    kind: 'choice',
    choices: ['forward', 'reject'],
    default: 'forward',
    arg: 'MODE',
    help: 'requests the mock would reject: forward them and report the violation, or reject them as the mock would',
  },
  proxyStrict: {
    kind: 'boolean',
    default: false,
    help: "answer 502 in place of an upstream answer that drifts from the document (the journal keeps the upstream's)",
  },
  proxyFallback: {
    kind: 'choice',
    choices: ['off', 'unavailable', 'missing', 'both'],
    default: 'off',
    arg: 'WHEN',
    help: 'answer from the mock when the upstream is unavailable (connection errors, timeouts, 502/503/504), misses a documented operation (404/405/501), or both',
  },
  record: {
    kind: 'path',
    invalid: 'must be a directory path',
    arg: 'DIR',
    help: 'record what passes through the --proxy as scenario files in DIR, one per session',
    readme: 'record what passes through the `--proxy` as scenario files in DIR, one per session ([recording](docs/proxy.md#recording))',
  },
  recordName: {
    kind: 'string',
    pattern: SCENARIO_NAME,
    invalid: 'must be a scenario name: letters, digits and -._ (at most 64)',
    arg: 'NAME',
    help: 'record every session into one scenario file, NAME.yaml',
  },
  redact: {
    kind: 'tokens',
    default: [],
    pattern: /^(\/\S*|[A-Za-z0-9!#$%&'*+.^_`|~-]+)$/,
    invalid: 'must be a list of header names and JSON pointers (/password, /items/*/token)',
    arg: 'WHAT',
    help: 'a header name or a JSON pointer into bodies never written to recordings (repeatable)',
    readmeDefault: 'credentials only',
  },
  recordOnContractOnly: {
    kind: 'boolean',
    default: false,
    help: 'leave exchanges whose answer drifts from the document out of recordings',
  },
  recordFormat: {
    kind: 'choice',
    choices: ['scenario', 'har', 'both'],
    default: 'scenario',
    arg: 'FORMAT',
    help: 'what --record writes: scenario files, HAR 1.2 logs (NAME.har), or both side by side',
    readme: 'what `--record` writes: scenario files, HAR 1.2 logs (`NAME.har`), or both side by side ([HAR](docs/import-export.md))',
  },
} as const satisfies Record<string, Declaration>;

export type OptionName = keyof typeof OPTIONS;
/** The option types the table declares; `MockServerOptions` must match them (checked in options.test.ts). */
export type DeclaredOptions = GivenOptions<typeof OPTIONS>;

/** The table's entries in order, typed loosely enough to walk. */
export const DECLARATIONS = Object.entries(OPTIONS) as readonly (readonly [OptionName, Declaration])[];

export function flagOf(name: string): string {
  const declared: Declaration | undefined = Object.hasOwn(OPTIONS, name) ? OPTIONS[name as OptionName] : undefined;
  return (declared && 'flag' in declared ? declared.flag : undefined) ?? name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function envOf(name: string): string {
  return `${ENV_PREFIX}_${flagOf(name).toUpperCase().replace(/-/g, '_')}`;
}
