import type { Declaration } from '../option-kinds.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The options of who may reach the mock and what it tells: logs, CORS, tracing, admin origins, hosts, MCP, TLS. */
export const ACCESS_OPTIONS = {
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
} as const satisfies Record<string, Declaration>;
