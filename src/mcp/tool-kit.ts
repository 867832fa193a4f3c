import { ERRORS, type ErrorCode, formatMessage } from '../errors.js';
import { ADMIN_PREFIX, ERROR_CODE_HEADER } from '../protocol.js';
import type { MockWire, WireAnswer } from './mock-wire.js';

type Schema = Record<string, unknown>;

/** A tool as the server lists it, with what answers a call. */
export interface ToolSpec {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: Schema;
  readonly outputSchema?: Schema;
  readonly annotations?: {
    readonly readOnlyHint?: boolean;
    readonly destructiveHint?: boolean;
    readonly idempotentHint?: boolean;
    readonly openWorldHint?: boolean;
  };
  call(args: Record<string, unknown>, context: CallContext): Promise<Record<string, unknown>>;
}

export interface CallContext {
  /** The MCP session's id (Streamable HTTP), or the stdio connection's: the mock session of API tool calls. */
  readonly mcpSession: string;
}

/** A failure a tool reports as a tool error: the catalogue's code and message, as the admin API answers them. */
export class ToolFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  static of(code: ErrorCode, params: Readonly<Record<string, string | number>> = {}): ToolFailure {
    return new ToolFailure(code, formatMessage(code, params), ERRORS[code].status);
  }
}

export const invalidArguments = (details: string): ToolFailure => ToolFailure.of('INVALID_TOOL_ARGUMENTS', { details });

/** Query text of the given values that are set (strings, numbers, booleans). */
export function queryOf(values: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw invalidArguments(`"${name}" must be a string`);
    query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** Calls an admin route; a failure answer becomes a ToolFailure with the catalogue's code and message. */
export async function admin(wire: MockWire, method: string, route: string, body?: unknown): Promise<WireAnswer> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  const answer = await wire({
    method,
    path: `${ADMIN_PREFIX}${route}`,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (answer.status >= 400) throw failureOf(answer);
  return answer;
}

export async function adminJson(wire: MockWire, method: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await admin(wire, method, route, body);
  const parsed = parseOr(answer.body);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
}

/** The catalogue's code (`x-mock-error`) and message of an error answer. */
export function failureOf(answer: WireAnswer): ToolFailure {
  const code = answer.headers[ERROR_CODE_HEADER] ?? 'HTTP_ERROR';
  const parsed = parseOr(answer.body) as { message?: unknown } | undefined;
  const message = typeof parsed?.message === 'string' ? parsed.message : `the mock answered ${answer.status}`;
  return new ToolFailure(code, message, answer.status);
}

export function parseOr(text: string, fallback: unknown = undefined): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback ?? text;
  }
}

/** Shared pieces of input schemas. */
export const props = {
  session: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$', description: 'The `X-Mock-Session` (default: the default session).' },
  spec: { type: 'string', maxLength: 256, description: 'With several documents: the name of the one meant (default: the first).' },
} as const;

export function objectSchema(properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}): Schema {
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false, ...extra };
}

/** Checks arguments against the few rules the tools need before anything is sent: known names, types. */
export function checkArguments(schema: Schema, args: unknown): Record<string, unknown> {
  if (args === undefined || args === null) args = {};
  if (typeof args !== 'object' || Array.isArray(args)) throw invalidArguments('arguments must be an object');
  const given = args as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, { type?: string | string[] }>;
  if (schema.additionalProperties === false) {
    const unknown = Object.keys(given).find((key) => !(key in properties));
    if (unknown !== undefined)
      throw invalidArguments(`unknown argument "${unknown.slice(0, 64)}"; known: ${Object.keys(properties).join(', ')}`);
  }
  for (const name of (schema.required ?? []) as string[]) {
    if (given[name] === undefined) throw invalidArguments(`"${name}" is required`);
  }
  for (const [name, value] of Object.entries(given)) {
    const type = properties[name]?.type;
    if (value === undefined || type === undefined) continue;
    const types = Array.isArray(type) ? type : [type];
    if (!types.some((t) => fits(t, value))) throw invalidArguments(`"${name}" must be ${types.join(' or ')}`);
  }
  return given;
}

function fits(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}
