import { readFragmentToken } from '../json/json-pointer.js';
import { stringifyJson } from '../json/stringify-json.js';

/**
 * OpenAPI runtime expressions (`{$request.body#/callbackUrl}`, `{$request.query.x}`,
 * `{$response.header.Location}`, `$url`, `$method`, `$statusCode`) as the key of a callback: a
 * template of literal text and `{expression}` parts, parsed once and evaluated per triggering exchange.
 */

/** Where an expression reads: the request or the response, and which part. */
export type ExpressionSource =
  | { readonly kind: 'url' | 'method' | 'statusCode' }
  | { readonly kind: 'header' | 'query' | 'path'; readonly of: 'request' | 'response'; readonly name: string }
  | { readonly kind: 'body'; readonly of: 'request' | 'response'; readonly pointer: readonly string[] };

type Part = string | ExpressionSource;

/** A parsed callback key, or why it does not parse. */
export type ParsedTemplate = { readonly parts: readonly Part[] } | { readonly error: string };

/** What the expressions of a triggering exchange read. */
export interface ExpressionContext {
  readonly url: string;
  readonly method: string;
  readonly statusCode: number;
  readonly request: Readable;
  readonly response: Readable;
}

export interface Readable {
  header(name: string): string | undefined;
  query(name: string): string | undefined;
  path(name: string): string | undefined;
  /** The parsed body (JSON), the text for another media type, undefined for none. */
  readonly body: unknown;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses a callback key: a whole expression (`$request.body#/url`) or a template with `{…}` parts. */
export function parseTemplate(template: string): ParsedTemplate {
  if (template.startsWith('$')) {
    const source = parseExpression(template);
    return typeof source === 'string' ? { error: source } : { parts: [source] };
  }
  const parts: Part[] = [];
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{', at);
    if (open === -1) {
      parts.push(template.slice(at));
      break;
    }
    if (open > at) parts.push(template.slice(at, open));
    const close = template.indexOf('}', open);
    if (close === -1) return { error: `"${template}" has a "{" that is never closed` };
    const source = parseExpression(template.slice(open + 1, close));
    if (typeof source === 'string') return { error: source };
    parts.push(source);
    at = close + 1;
  }
  return { parts };
}

function parseExpression(expression: string): ExpressionSource | string {
  if (expression === '$url' || expression === '$method' || expression === '$statusCode')
    return { kind: expression.slice(1) as 'url' | 'method' | 'statusCode' };
  const match = /^\$(request|response)\.(header|query|path|body)(.*)$/.exec(expression);
  if (!match) return `"${expression}" is not a runtime expression ($url, $method, $statusCode, $request.… or $response.…)`;
  const of = match[1] as 'request' | 'response';
  const kind = match[2] as 'header' | 'query' | 'path' | 'body';
  const rest = match[3] ?? '';
  if (kind === 'body') {
    if (rest === '') return { kind, of, pointer: [] };
    if (!rest.startsWith('#') || (rest.length > 1 && !rest.startsWith('#/')))
      return `"${expression}": a body reference is body#/json/pointer`;
    const tokens = rest.length <= 2 && rest !== '#/' ? [] : rest.slice(2).split('/');
    return { kind, of, pointer: tokens.map(readFragmentToken) };
  }
  const name = rest.startsWith('.') ? rest.slice(1) : '';
  if (name === '' || (kind === 'header' && !TOKEN.test(name)))
    return `"${expression}" names no ${kind} ${kind === 'header' ? 'field' : 'parameter'}`;
  if (kind === 'path' && of === 'response') return `"${expression}": a response has no path parameters`;
  return { kind, of, name };
}

/** The template's value for an exchange; undefined when an expression reads something the exchange lacks. */
export function evaluateTemplate(parts: readonly Part[], context: ExpressionContext): string | undefined {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const value = evaluate(part, context);
    if (value === undefined) return undefined;
    out += value;
  }
  return out;
}

function evaluate(source: ExpressionSource, context: ExpressionContext): string | undefined {
  switch (source.kind) {
    case 'url':
      return context.url;
    case 'method':
      return context.method;
    case 'statusCode':
      return String(context.statusCode);
    case 'body': {
      let value = context[source.of].body;
      for (const token of source.pointer) {
        if (value === null || typeof value !== 'object' || !Object.hasOwn(value, token)) return undefined;
        value = (value as Record<string, unknown>)[token];
      }
      if (value === undefined || value === null) return undefined;
      return typeof value === 'object' ? stringifyJson(value) : String(value);
    }
    default:
      return context[source.of][source.kind](source.name);
  }
}
