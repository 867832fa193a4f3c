import { ADMIN_PREFIX } from '../protocol.js';

/** A request to the mock, as a consumer or an admin client sends it: path with its query, headers, body text. */
export interface WireRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface WireAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * How the MCP server reaches the mock: only through its public surface (the API and the admin API), over
 * a socket (`--url`) or in-process (Fastify's inject). Nothing else: no file, no other host.
 */
export type MockWire = (request: WireRequest) => Promise<WireAnswer>;

/** Bytes of an answer body kept; the rest is cut (tool output is bounded anyway). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Adds the admin token to admin requests only: the API never sees it. */
export function withAdminToken(wire: MockWire, token: string | undefined): MockWire {
  if (token === undefined) return wire;
  return (request) =>
    request.path === ADMIN_PREFIX || request.path.startsWith(`${ADMIN_PREFIX}/`)
      ? wire({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } })
      : wire(request);
}

/** A mock listening at `base` (http or https URL); requests go to that origin and nowhere else. */
export function httpWire(base: string, timeoutMs = 30_000): MockWire {
  const origin = new URL(base).origin;
  return async ({ method, path, headers, body }) => {
    const url = new URL(path, origin);
    if (url.origin !== origin) throw new Error(`refused to leave ${origin}`);
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined || method === 'GET' || method === 'HEAD' ? undefined : body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    return { status: response.status, headers: out, body: await boundedText(response) };
  };
}

async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    if (bytes > MAX_ANSWER_BYTES) break;
  }
  return text + decoder.decode();
}

/** What Fastify's inject() takes and answers, as far as the wire needs it. */
export type Inject = (request: {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;

/** A mock in this process, through inject(): the same routes, hooks and journal as over a socket. */
export function injectWire(inject: Inject): MockWire {
  return async ({ method, path, headers, body }) => {
    const answer = await inject({ method, url: path, headers: { ...headers }, ...(body === undefined ? {} : { payload: body }) });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return { status: answer.statusCode, headers: out, body: answer.body };
  };
}
