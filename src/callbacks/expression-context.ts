import type { ExpressionContext, Readable } from '../openapi/runtime-expression.js';
import type { Exchange } from '../pipeline/types.js';

/** What the runtime expressions of an operation's callbacks read of its request and the answer given. */
export function expressionContext(
  exchange: Exchange,
  status: number,
  responseHeaders: Readonly<Record<string, unknown>>,
  responseText: string | undefined,
): ExpressionContext {
  const host = first(exchange.headers.host) ?? 'localhost';
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(exchange.query)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, one);
  }
  const search = query.size > 0 ? `?${query}` : '';
  const request: Readable = {
    header: (name) => first(exchange.headers[name.toLowerCase()]),
    query: (name) => first(exchange.query[name]),
    path: (name) => exchange.pathParams?.[name],
    body: exchange.body,
  };
  let parsed: { value: unknown } | undefined;
  const response: Readable = {
    header: (name) => {
      const value = responseHeaders[name.toLowerCase()];
      return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
    },
    query: () => undefined,
    path: () => undefined,
    // Read only when an expression asks for it.
    get body() {
      parsed ??= { value: parseAnswer(responseText) };
      return parsed.value;
    },
  };
  return { url: `http://${host}${exchange.path}${search}`, method: exchange.method, statusCode: status, request, response };
}

function parseAnswer(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
