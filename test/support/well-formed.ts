/**
 * What every answer of the mock must look like, whatever was asked: a documented status, and a body
 * that is Error-shaped (or the contract's Plant, the health document, or empty where HTTP says so).
 * Returns what is wrong, or undefined; shared by the property tests and the fuzz script.
 */
import { ERRORS, type ErrorCode } from '../../src/errors.js';

export interface SeenResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | number | undefined>;
  readonly body: string;
}

const DOCUMENTED = new Set([200, 204, ...Object.values(ERRORS).map((e) => e.status)]);
const INT32 = 2 ** 31;

export function violation(method: string, url: string, response: SeenResponse): string | undefined {
  const { status, body } = response;
  // `/__mock` sends browsers on to the dashboard at `/__mock/`.
  if (status === 302)
    return routedPath(url) === '/__mock' && String(response.headers.location).startsWith('/__mock/')
      ? undefined
      : `302 to ${String(response.headers.location)}`;
  if (!DOCUMENTED.has(status)) return `undocumented status ${status}`;
  if (status >= 500) return `server error ${status}: ${body.slice(0, 200)}`;
  // An answer to bytes Node could not parse is written before any method is known, and closes the connection.
  const raw = String(response.headers.connection ?? '').toLowerCase() === 'close' && response.headers['x-mock-error'] !== undefined;
  if ((method === 'HEAD' || status === 204) && body === '') return undefined;
  if ((method === 'HEAD' && !raw) || status === 204) return `${status} to ${method} with a body`;
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) return `content-type ${contentType} (body ${body.slice(0, 80)})`;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `body is not JSON: ${body.slice(0, 200)}`;
  }
  if (status === 200) return routedPath(url) === '/__mock/health' ? health(value) : plant(value);
  const code = response.headers['x-mock-error'];
  if (code !== undefined) {
    const definition = ERRORS[String(code) as ErrorCode];
    if (!definition) return `x-mock-error ${String(code)} is not in the catalogue`;
    if (definition.status !== status) return `${String(code)} answered with ${status}, the catalogue says ${definition.status}`;
    if ((value as { error?: unknown }).error !== definition.error)
      return `${String(code)} body has error ${String((value as { error?: unknown }).error)}`;
  }
  return errorShape(value);
}

function errorShape(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `Error body is not an object: ${JSON.stringify(value)}`;
  const { error, message, ...rest } = value as Record<string, unknown>;
  if (!Number.isInteger(error) || (error as number) < -INT32 || (error as number) >= INT32)
    return `Error.error is not an int32: ${String(error)}`;
  if (typeof message !== 'string' || message === '') return 'Error.message is not a non-empty string';
  if (/\n\s+at /.test(message)) return `Error.message holds a stack trace: ${message}`;
  if (Object.keys(rest).length > 0) return `Error body has extra keys ${Object.keys(rest).join(', ')}`;
  return undefined;
}

function plant(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `Plant is not an object: ${JSON.stringify(value)}`;
  const { name, tag, ...rest } = value as Record<string, unknown>;
  if (typeof name !== 'string') return 'Plant.name is not a string';
  if (tag !== undefined && typeof tag !== 'string') return 'Plant.tag is not a string';
  if (Object.keys(rest).length > 0) return `Plant has keys outside the schema: ${Object.keys(rest).join(', ')}`;
  return undefined;
}

function health(value: unknown): string | undefined {
  return (value as { status?: unknown } | null)?.status === 'ok' ? undefined : `health document ${JSON.stringify(value)}`;
}

/**
 * The path the server routes: dot segments resolved (inject() parses the URL as WHATWG does, so
 * `/__mock//%2e%2e/health` arrives as `/__mock/health`) and percent-escapes decoded (as the router does).
 */
function routedPath(url: string): string {
  let path: string;
  try {
    path = new URL(url, 'http://mock.test').pathname;
  } catch {
    return url;
  }
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
