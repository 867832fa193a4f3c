import { createHash } from 'node:crypto';
import type { Documents } from './documents.js';
import type { MockWire } from './mock-wire.js';
import type { OperationDetail, OperationInfo, ParameterInfo } from './openapi-reader.js';
import { answerSchema, sendThroughMock } from './send-request.js';
import { invalidArguments, objectSchema, props, type ToolSpec } from './tool-kit.js';

/** The protocol's tool names: 1 to 128 of these characters (MCP 2025-11-25). */
const NAME_CHARS = /[^A-Za-z0-9_.-]+/g;
const MAX_NAME = 128;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'QUERY', 'TRACE']);
const IDEMPOTENT = new Set([...SAFE, 'PUT', 'DELETE']);

/**
 * Whether an operation is kept by `--mcp-include` (none: all): an entry starting with `/` is a path
 * pattern (`*` any characters), any other names an operationId or a tag (`*` allowed too).
 */
export function includeFilter(entries: readonly string[]): (operation: OperationInfo) => boolean {
  if (entries.length === 0) return () => true;
  const patterns = entries.map((entry) => ({ path: entry.startsWith('/'), test: globOf(entry) }));
  return (operation) =>
    patterns.some(({ path, test }) =>
      path ? test(operation.path) : (operation.operationId !== undefined && test(operation.operationId)) || operation.tags.some(test),
    );
}

function globOf(pattern: string): (value: string) => boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regexp = new RegExp(`^${source}$`);
  return (value) => regexp.test(value);
}

/** A tool name from the operationId, else from method and path; stable, unique and within the protocol's limits. */
export function toolNames(operations: readonly OperationInfo[]): Map<OperationInfo, string> {
  const names = new Map<OperationInfo, string>();
  const taken = new Set<string>();
  for (const operation of operations) {
    const wanted = operation.operationId ?? `${operation.method.toLowerCase()}_${operation.path}`;
    let name = wanted.replace(NAME_CHARS, '_').replace(/^_+|_+$/g, '') || operation.method.toLowerCase();
    if (name.length > MAX_NAME) name = `${name.slice(0, MAX_NAME - 9)}_${hash(wanted)}`;
    if (taken.has(name)) name = `${name.slice(0, MAX_NAME - 9)}_${hash(`${operation.method} ${operation.path}`)}`;
    taken.add(name);
    names.set(operation, name);
  }
  return names;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/** One tool per operation kept; calls are requests through the mock, in the MCP session unless one is given. */
export async function apiTools(wire: MockWire, documents: Documents, include: readonly string[]): Promise<ToolSpec[]> {
  const served = await documents.list();
  const keep = includeFilter(include);
  const tools: ToolSpec[] = [];
  const all: { operation: OperationInfo; describe: () => OperationDetail; base: string }[] = [];
  for (const document of served) {
    const reader = await documents.reader(served.length > 1 ? document.name : undefined);
    for (const operation of reader.operations.filter(keep))
      all.push({ operation, describe: () => reader.describe(operation), base: document.base });
  }
  const names = toolNames(all.map((a) => a.operation));
  for (const { operation, describe, base } of all) {
    const detail = describe();
    tools.push(operationTool(wire, names.get(operation) as string, detail, base));
  }
  return tools;
}

function operationTool(wire: MockWire, name: string, detail: OperationDetail, base: string): ToolSpec {
  const groups: Record<string, unknown> = {};
  const required: string[] = [];
  for (const where of ['path', 'query', 'header', 'cookie'] as const) {
    const list = detail.parameters.filter((p) => p.in === where);
    if (list.length === 0 && where !== 'header') continue;
    const group = where === 'header' ? 'headers' : where === 'cookie' ? 'cookies' : where;
    groups[group] = groupSchema(list, where === 'header');
    if (list.some((p) => p.required)) required.push(group);
  }
  if (detail.requestBody) {
    groups.body = { ...(detail.requestBody.schema as object), description: `Sent as ${detail.requestBody.mediaType}.` };
    if (detail.requestBody.required) required.push('body');
  }
  groups.session = { ...props.session, description: 'The X-Mock-Session (default: this MCP session`s).' };
  const success = detail.responses.filter((r) => /^2/.test(r.status) && r.schema !== undefined).map((r) => r.schema);
  const body = success.length === 0 ? {} : success.length === 1 ? success[0] : { anyOf: success };
  const method = detail.method;
  return {
    name,
    title: detail.summary ?? `${method} ${detail.path}`,
    description: [detail.summary, detail.description, `${method} ${detail.path}`].filter(Boolean).join('\n\n').slice(0, 2000),
    inputSchema: objectSchema(groups, required),
    outputSchema: { ...answerSchema, properties: { ...answerSchema.properties, body: body as object } },
    annotations: {
      readOnlyHint: SAFE.has(method),
      destructiveHint: method === 'DELETE',
      idempotentHint: IDEMPOTENT.has(method),
      openWorldHint: false,
    },
    async call(args, context) {
      const path = `${base === '/' ? '' : base.replace(/\/$/, '')}${fillPath(detail.path, args.path)}`;
      const headers: Record<string, unknown> = { ...(args.headers as object) };
      const cookies = args.cookies as Record<string, unknown> | undefined;
      if (cookies)
        headers.cookie = Object.entries(cookies)
          .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
          .join('; ');
      let payload: unknown = args.body;
      const mediaType = detail.requestBody?.mediaType ?? 'application/json';
      if (payload !== undefined && mediaType === 'application/x-www-form-urlencoded' && typeof payload === 'object' && payload !== null) {
        payload = new URLSearchParams(
          Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]),
        ).toString();
        headers['content-type'] = mediaType;
      } else if (payload !== undefined && typeof payload === 'string' && !/json/i.test(mediaType)) headers['content-type'] ??= mediaType;
      const session = typeof args.session === 'string' ? args.session : context.mcpSession;
      return sendThroughMock(wire, { method, path: `${path}${queryText(args.query)}`, headers, body: payload, session });
    },
  };
}

function groupSchema(list: readonly ParameterInfo[], open: boolean): Record<string, unknown> {
  const properties = Object.fromEntries(
    list.map((p) => [p.name, p.description ? { ...(p.schema as object), description: p.description } : p.schema]),
  );
  const required = list.filter((p) => p.required).map((p) => p.name);
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(open ? { additionalProperties: { type: 'string' } } : {}),
  };
}

function fillPath(template: string, values: unknown): string {
  const given = (values ?? {}) as Record<string, unknown>;
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = given[name];
    if (value === undefined || value === null) throw invalidArguments(`path parameter "${name}" is required`);
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });
}

/** Arrays as one pair per item (OpenAPI's default, form exploded), objects as JSON. */
function queryText(values: unknown): string {
  if (values === undefined || values === null || typeof values !== 'object') return '';
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null) query.append(name, typeof one === 'string' ? one : JSON.stringify(one));
    }
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
