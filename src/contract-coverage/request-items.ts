import type { JsonSchema } from '../json/json-schema.js';
import { findJsonContent } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Exchange } from '../pipeline/types.js';
import { declaredParameters } from '../prism/operation-parameters.js';

/**
 * An optional part of a request (a top-level body property, a query or header parameter) or one value
 * of an enum there, that a valid request may send. Coverage reports those no request sent.
 */
export interface RequestItem {
  readonly where: 'body' | 'query' | 'header';
  /** Property or parameter name (header names lower-cased). */
  readonly name: string;
  /** The enum value looked for, or NO_VALUE for the presence of the part itself. */
  readonly value: unknown;
  /** `body.tag`, `query.status=sold`, `header.x-trace-id`. */
  readonly label: string;
}

export const NO_VALUE: unique symbol = Symbol('no value');
/**
 * Bounds on what is tracked per operation, so that a request's check stays a few comparisons: enums
 * longer than this are tracked as a whole, not value by value, and parts beyond the limit are left out.
 */
const MAX_ENUM_VALUES = 50;
const MAX_ITEMS = 200;

/** The parts of an operation's requests that are worth knowing were never sent. Depth: the body's top level only. */
export function requestItemsOf(operation: MockOperation): RequestItem[] {
  const items: RequestItem[] = [];
  const add = (where: RequestItem['where'], name: string, required: boolean, values: readonly unknown[] | undefined) => {
    if (!required) items.push({ where, name, value: NO_VALUE, label: `${where}.${name}` });
    if (values === undefined || values.length > MAX_ENUM_VALUES) return;
    for (const value of values) {
      if (value === null || typeof value === 'object') continue;
      const text = where === 'body' ? value : String(value);
      items.push({ where, name, value: text, label: `${where}.${name}=${typeof value === 'string' ? value : JSON.stringify(value)}` });
    }
  };
  const schema = findJsonContent(operation.requestBody?.contents)?.schema;
  if (schema !== undefined) {
    const required = new Set<string>();
    for (const [name, property] of topLevelProperties(schema, required)) {
      if (property.readOnly === true) continue;
      add('body', name, required.has(name), Array.isArray(property.enum) ? property.enum : undefined);
    }
  }
  for (const parameter of declaredParameters(operation)) {
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    add(parameter.in, name, parameter.required, parameter.values);
  }
  return items.slice(0, MAX_ITEMS);
}

/** The properties of an object schema and of its `allOf` members, with their required names added to `required`. */
function topLevelProperties(schema: JsonSchema, required: Set<string>, depth = 0): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  if (depth > 8) return found;
  for (const name of Array.isArray(schema.required) ? schema.required : []) if (typeof name === 'string') required.add(name);
  const properties = schema.properties;
  if (properties !== null && typeof properties === 'object') {
    for (const [name, property] of Object.entries(properties)) if (property && typeof property === 'object') found.set(name, property);
  }
  for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (member && typeof member === 'object') for (const [name, p] of topLevelProperties(member, required, depth + 1)) found.set(name, p);
  }
  return found;
}

/** Whether a valid request sent this part (or this enum value); reads the parsed request, copies nothing. */
export function sends(item: RequestItem, exchange: Exchange): boolean {
  switch (item.where) {
    case 'body': {
      const body = exchange.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
      if (item.value === NO_VALUE) return Object.hasOwn(body, item.name);
      return (body as Record<string, unknown>)[item.name] === item.value;
    }
    case 'query':
      return matches(exchange.query[item.name], item.value);
    case 'header':
      return matches(exchange.headers[item.name], item.value);
  }
}

function matches(sent: string | string[] | undefined, value: unknown): boolean {
  if (sent === undefined) return false;
  if (value === NO_VALUE) return true;
  return Array.isArray(sent) ? sent.includes(value as string) : sent === value;
}
