import type { Declaration } from '../option-kinds.js';

const HOUR = 3_600_000;

/** The options that bound connections, requests and start-up, and how documents are prepared. */
export const LIMIT_OPTIONS = {
  maxHeaderSize: {
    kind: 'size',
    default: 16 * 1024,
    min: 1024,
    max: 1024 * 1024,
    examples: '16384 or 16kb',
    help: 'largest request headers, the URL apart (431 beyond): bytes, or with kb',
    readme: 'largest request headers (the URL has `--max-url-length`); beyond it `431` and the connection is closed',
  },
  maxHeaderCount: { kind: 'integer', default: 100, min: 1, max: 10_000, help: 'most header fields per request (431 beyond)' },
  // Node's parser reads both limits together (src/http/secure-limits.ts parserHeadBytes), so a longer
  // URL is 414, not Node's 431: a service's documented batches fill more than 8 KiB (Custom Vision's
  // 256 image ids in a query).
  maxUrlLength: {
    kind: 'integer',
    default: 16 * 1024,
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
} as const satisfies Record<string, Declaration>;
