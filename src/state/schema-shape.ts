import type { JsonSchema } from '../json/json-schema.js';
import { LongInteger } from '../json/long-integer.js';

/**
 * What the simulator reads of a schema: its object properties (through allOf and the branches of
 * oneOf/anyOf, whose records may carry any branch's fields), its required names and array items.
 */
export function propertiesOf(schema: JsonSchema | undefined): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  collect(schema, found, 0);
  return found;
}

function collect(schema: JsonSchema | undefined, found: Map<string, JsonSchema>, depth: number): void {
  if (!schema || depth > 8) return;
  const properties = schema.properties;
  if (isRecord(properties)) {
    for (const [name, value] of Object.entries(properties)) if (isRecord(value) && !found.has(name)) found.set(name, value);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const part of list) if (isRecord(part)) collect(part, found, depth + 1);
  }
}

export function requiredOf(schema: JsonSchema | undefined): Set<string> {
  const names = new Set<string>();
  const walk = (s: JsonSchema | undefined, depth: number) => {
    if (!s || depth > 8) return;
    if (Array.isArray(s.required)) for (const name of s.required) if (typeof name === 'string') names.add(name);
    if (Array.isArray(s.allOf)) for (const part of s.allOf) if (isRecord(part)) walk(part, depth + 1);
  };
  walk(schema, 0);
  return names;
}

export function itemsOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  return schema && isRecord(schema.items) ? schema.items : undefined;
}

export function isArraySchema(schema: JsonSchema | undefined): boolean {
  return (
    schema !== undefined &&
    (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')) || itemsOf(schema) !== undefined)
  );
}

/**
 * The value as the schema lets it be answered: declared properties only (a schema without any keeps
 * the value whole), never a writeOnly one; arrays item by item.
 */
export function project(value: unknown, schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = itemsOf(schema);
    return items ? value.map((item) => project(item, items, depth + 1)) : value;
  }
  const properties = propertiesOf(schema);
  if (properties.size === 0) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, property] of properties) {
    if (property.writeOnly === true || !Object.hasOwn(record, name)) continue;
    setOwn(out, name, project(record[name], property, depth + 1));
  }
  return out;
}

/** A record's own value of a key (`__proto__`, `constructor` included), never an inherited one. */
export function ownValue(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets a key as an own data property: `record.__proto__ = x` would replace the record's prototype instead. */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof LongInteger);
}
