/**
 * The one catalogue of every error the mock itself can emit. Each entry's `error` value is part of the
 * public contract (consumers assert on it): never renumber an entry, only add new ones. The README's
 * error table is generated from this file (`npm run docs`) and a test keeps the two in step.
 */
export interface ErrorDefinition {
  /** HTTP status of the response. */
  readonly status: number;
  /** Stable numeric `error` value of the Error body; fits int32. */
  readonly error: number;
  /** Message template; `{name}` placeholders are filled from the problem's params. */
  readonly message: string;
  /** One line for the README: when a consumer sees this. */
  readonly when: string;
}

export const ERRORS = {
  INVALID_REQUEST: {
    status: 400,
    error: 40001,
    message: 'Invalid request: {details}',
    when: 'The body, query or headers break the contract; every finding is named.',
  },
  MALFORMED_JSON: {
    status: 400,
    error: 40002,
    message: 'Request body is not valid JSON: {details}',
    when: 'The body cannot be parsed as JSON.',
  },
  BODY_REQUIRED: {
    status: 400,
    error: 40003,
    message: 'Request body is required: send {mediaTypes}',
    when: 'The operation needs a body and none (or an empty one) was sent.',
  },
  INVALID_ENCODING: {
    status: 400,
    error: 40004,
    message: 'Request body is not valid UTF-8',
    when: 'The body bytes are not UTF-8, as JSON requires.',
  },
  MALFORMED_HTTP: {
    status: 400,
    error: 40005,
    message: 'The request is not valid HTTP/1.1: {details}',
    when: 'The request line, a header or the framing is broken (answered before any routing); the connection is closed.',
  },
  DUPLICATE_ID: {
    status: 400,
    error: 40009,
    message: 'A {resource} with id {id} already exists',
    when: 'A scenario that keeps state saw the same id created twice.',
  },
  INVALID_ADMIN_REQUEST: {
    status: 400,
    error: 40010,
    message: 'Invalid admin API request: {details}',
    when: 'A request to `/__mock/` has a body or query the admin API does not accept.',
  },
  INVALID_TOOL_ARGUMENTS: {
    status: 400,
    error: 40011,
    message: 'Invalid tool arguments: {details}',
    when: 'An MCP tool call ([docs/mcp.md](docs/mcp.md)) has arguments its input schema does not allow.',
  },
  PROXY_REFUSED: {
    status: 400,
    error: 40020,
    message: 'The proxy does not forward this request: {details}',
    when: 'With `--proxy`, a path with dot segments or encoded slashes could reach outside the upstream base path.',
  },
  MISSING_CREDENTIALS: {
    status: 401,
    error: 40101,
    message: 'Authentication required: {details}',
    when: 'No Authorization header, another scheme, `Bearer` without a token, or with `--strict-auth` a token outside RFC 6750 grammar.',
  },
  TOKEN_REJECTED: {
    status: 401,
    error: 40102,
    message: 'The bearer token is not accepted by this server',
    when: 'The server runs with `--token` and the token is not one of them.',
  },
  ADMIN_TOKEN_REQUIRED: {
    status: 401,
    error: 40103,
    message: 'The admin endpoints require Authorization: Bearer <admin token>',
    when: 'The server runs with `--admin-token` and a request under `/__mock/` (other than health) lacks it or sends another token.',
  },
  HOST_NOT_ALLOWED: {
    status: 403,
    error: 40301,
    message: 'The Host {host} is not one this mock answers; add it with --allowed-host',
    when: 'The `Host` header names neither localhost, an IP address, a single-label name (on a mock listening beyond loopback) nor an `--allowed-host` (DNS rebinding protection, SECURITY.md).',
  },
  ADMIN_ORIGIN_REFUSED: {
    status: 403,
    error: 40302,
    message: '{refused} may not call /__mock/; {remedy}',
    when: "A browser page of another origin called `/__mock/` (only the mock's own pages and `--admin-cors` origins may), or posted a form to it; the message says which.",
  },
  NOT_FOUND: {
    status: 404,
    error: 40401,
    message: 'No operation matches {method} {path}',
    when: 'The path is not in the OpenAPI document.',
  },
  RESOURCE_NOT_FOUND: {
    status: 404,
    error: 40402,
    message: 'No {resource} with id {id} in this session',
    when: "With `--stateful`, a read, replace or delete names a record the session does not hold (the document's own 404 shape when it has one).",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    error: 40501,
    message: '{method} is not allowed on {path}; allowed: {allow}',
    when: 'The path exists but not with this method; the `Allow` header lists the methods.',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    error: 40601,
    message: 'No media type of the response is acceptable (Accept: {accept}); available: {mediaTypes}',
    when: 'With `--strict-accept`, the `Accept` header takes none of the media types the document lists for the response (by default, only when it refuses each with `q=0`); the message names them.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    error: 40801,
    message: 'The request was not received in time: {details}',
    when: 'A client sent its headers or body too slowly (`--headers-timeout`, `--request-timeout`); the connection is closed.',
  },
  RESOURCE_EXISTS: {
    status: 409,
    error: 40901,
    message: 'A {resource} with id {id} already exists',
    when: 'With `--stateful`, a create carries an id the session already holds (400 `DUPLICATE_ID` where the document has a 400 and no 409).',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    error: 41301,
    message: 'Request body is larger than the limit of {limit} bytes',
    when: 'The body exceeds `--body-limit` (default 1 MiB).',
  },
  URI_TOO_LONG: {
    status: 414,
    error: 41401,
    message: 'The request URL is longer than the limit of {limit} characters',
    when: 'The path and query exceed `--max-url-length` (default 16384), however long.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    error: 41501,
    message: 'Unsupported Content-Type {contentType}; supported: {mediaTypes}',
    when: "The body is not sent as one of the operation's media types (for the Plant Store, application/json).",
  },
  EXPECTATION_FAILED: {
    status: 417,
    error: 41701,
    message: 'Unsupported Expect header {expect}; only 100-continue is supported',
    when: 'The request has an `Expect` header other than `100-continue`.',
  },
  INVALID_FORCING: {
    status: 422,
    error: 42201,
    message: 'Cannot force the response: {details}',
    when: 'A `Prefer` header or `__code`/`__example`/`__dynamic`/`__seed` query asks for something the document does not define.',
  },
  UNKNOWN_SCENARIO: {
    status: 422,
    error: 42202,
    message: 'Unknown scenario "{name}"; available: {available}',
    when: 'An `X-Mock-Scenario` header or the admin API names a scenario the server does not have.',
  },
  INVALID_MOCK_HEADER: {
    status: 422,
    error: 42203,
    message: 'Invalid {header} header: {details}',
    when: 'An `X-Mock-Session` or `X-Mock-Scenario` header is empty, too long or has characters other than letters, digits and `-._:`.',
  },
  UNKNOWN_WEBHOOK: {
    status: 422,
    error: 42210,
    message: 'Unknown webhook "{name}"; the document defines: {available}',
    when: "`POST /__mock/webhooks/{name}` names a webhook the document's top-level `webhooks` lacks (with several documents and no `?spec=`, every document's).",
  },
  INVALID_CALLBACK_URL: {
    status: 422,
    error: 42211,
    message: 'Cannot send to {url}: {details}',
    when: 'A webhook is asked for with a `url` that is not an absolute HTTP(S) URL, or one `--callback-allow` does not allow (it is journalled, never sent).',
  },
  AMBIGUOUS_WEBHOOK: {
    status: 422,
    error: 42212,
    message: 'Webhook "{name}" is defined by several documents: {documents}; name one with ?spec=NAME',
    when: 'With several documents, `POST /__mock/webhooks/{name}` without `?spec=` names a webhook more than one document defines.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    error: 43101,
    message: 'The request headers are larger than the limit of {limit} bytes',
    when: 'The header lines exceed `--max-header-size` (default 16 KiB; the URL is bounded apart); the connection is closed.',
  },
  TOO_MANY_HEADERS: {
    status: 431,
    error: 43102,
    message: 'The request has more than {limit} header fields',
    when: 'The request has more header fields than `--max-header-count` (default 100).',
  },
  INTERNAL: {
    status: 500,
    error: 50001,
    message: 'The mock failed unexpectedly: {details}',
    when: 'A bug in the mock; the log has the details. Please report it.',
  },
  UPSTREAM_FAILED: {
    status: 502,
    error: 50201,
    message: 'The upstream service did not answer: {details}',
    when: 'With `--proxy`, the real service refused the connection, reset it or sent no valid HTTP answer.',
  },
  UPSTREAM_DRIFT: {
    status: 502,
    error: 50202,
    message: 'The upstream service broke the contract: {details}',
    when: 'With `--proxy-strict`, the real service answered what the document does not allow; the journal keeps its answer.',
  },
  STORE_UNAVAILABLE: {
    status: 503,
    error: 50301,
    message: 'The shared store is unavailable: the request needs session data kept there; try again shortly',
    when: 'With `--store`, the Valkey/Redis server is unreachable (or too contended) and the request needs session data; `Retry-After` says when to try again ([scale-out](docs/scale-out.md)).',
  },
  NOT_READY: {
    status: 503,
    error: 50302,
    message: 'Still preparing: {prepared} of {operations} operations ready; try again shortly',
    when: '`GET /__mock/health/ready` while the operations are still being prepared after listening ([no slow first call](docs/openapi-support.md#no-slow-first-call)); `Retry-After` says when to ask again.',
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    error: 50401,
    message: 'The upstream service did not answer within {timeout} ms',
    when: 'With `--proxy`, the real service took longer than `--proxy-timeout` to answer.',
  },
  TOO_MANY_RESOURCES: {
    status: 507,
    error: 50701,
    message: 'The session holds {max} records, the --max-resources limit; delete some or reset the session',
    when: 'With `--stateful`, a create would take a session beyond `--max-resources` records.',
  },
  STATE_BUDGET_EXCEEDED: {
    status: 507,
    error: 50702,
    message:
      'Storing {bytes} more bytes would take {scope} beyond its budget of {limit} bytes (--max-state-bytes); delete records or reset sessions',
    when: 'A record or scenario `store` would take a session beyond `--max-state-bytes` or all sessions beyond `--max-total-state-bytes`.',
  },
  TOOL_OUTPUT_TOO_LARGE: {
    status: 507,
    error: 50703,
    message: 'The result of {tool} is {bytes} bytes, beyond the bound of {limit} bytes: narrow the call (limit, session, format)',
    when: 'An MCP tool result would exceed the bound on tool output ([docs/mcp.md](docs/mcp.md)).',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/** Fills a template's `{name}` placeholders; an unknown placeholder is left visible rather than dropped. */
export function formatMessage(code: ErrorCode, params: Readonly<Record<string, string | number>> = {}): string {
  const parts = templateOf(code);
  let message = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] ?? '';
    const value = params[name];
    message += (value === undefined ? `{${name}}` : String(value)) + (parts[i + 1] ?? '');
  }
  return message;
}

/** Each code's template split once: text at even places, placeholder names at odd ones. At most one entry per code. */
const TEMPLATES = new Map<ErrorCode, readonly string[]>();
function templateOf(code: ErrorCode): readonly string[] {
  let parts = TEMPLATES.get(code);
  if (parts === undefined) {
    parts = ERRORS[code].message.split(/\{(\w+)\}/);
    TEMPLATES.set(code, parts);
  }
  return parts;
}
