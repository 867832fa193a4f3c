import type { Declaration } from '../option-kinds.js';
import { SCENARIO_NAME } from '../protocol.js';

const HOUR = 3_600_000;

/** The options of what the mock sends elsewhere: callbacks, the shared --store, the --proxy and its recordings. */
export const OUTBOUND_OPTIONS = {
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
