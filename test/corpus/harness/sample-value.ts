/**
 * A deterministic valid value for a schema, from the document's own words first (examples, default,
 * const, enum) and then from its type and format. Deterministic on purpose: a conformance failure must
 * replay exactly. The property test varies values with fast-check instead (see arbitraries.ts).
 */
import type { Schema } from './types.js';

const FORMATS: Record<string, string> = {
  date: '2024-05-01',
  'date-time': '2024-05-01T10:00:00Z',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  email: 'fern@example.com',
  uri: 'https://example.com/plants',
  url: 'https://example.com/plants',
  byte: 'ZmVybg==',
  binary: 'fern',
  duration: 'PT5M',
  time: '10:00:00Z',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

/** Follows local `$ref`s (`#/...`) inside `root`: Prism leaves some, pointing into the operation's `__bundled__`. */
export function resolve(schema: Schema | undefined, root: unknown): Schema | undefined {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    const pointer = current.$ref.startsWith('#/') ? current.$ref.slice(2).split('/') : [];
    let target: unknown = root;
    for (const part of pointer) target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = target as Schema | undefined;
  }
  return current;
}

/**
 * `lean`: required properties only, at every depth (a last candidate where an optional one admits no
 * value). `part`: an `allOf` part, whose `required` may name what its sibling parts list.
 */
export function sampleValue(input: Schema | undefined, root: unknown, depth = 0, lean = false, part = false): unknown {
  const schema = resolve(input, root);
  // The lean sample goes deeper: it follows required properties only (Azure's autoscale rules nest 8 deep).
  if (!schema || depth > (lean ? 16 : 6)) return undefined;
  // The document's words, where they are of the schema's type (Prism copies a query's `jobs,hello` into its list's examples).
  const worded = [...(Array.isArray(schema.examples) ? schema.examples : []), schema.example, schema.default];
  const word = worded.find((value) => value !== undefined && ofType(value, schema.type));
  if (word !== undefined) return word;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return sampleValue(options[0] as Schema, root, depth + 1, lean);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((item) => sampleValue(item as Schema, root, depth + 1, lean, true));
    // A scalar part (AWS's `allOf: [{$ref: string}, {description}]`) is the value; objects merge, with
    // the properties the schema lists beside its `allOf` (Azure's resources).
    const scalar = parts.find((part) => part !== undefined && (typeof part !== 'object' || part === null || Array.isArray(part)));
    if (scalar !== undefined) return scalar;
    const own = schema.properties ? sampleObject(schema, root, depth, lean, true) : {};
    const merged: Record<string, unknown> = Object.assign({}, ...parts.map((part) => part ?? {}), own);
    if (lean && !part) requireNamed(schema, schema.allOf as Schema[], merged, root, depth);
    return merged;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) + (schema.exclusiveMinimum === true ? 1 : 0) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum + 1 : 1.5;
    case 'boolean':
      return true;
    case 'string': {
      const text = FORMATS[String(schema.format)] ?? 'fern';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return text.padEnd(min, 'x');
    }
    case 'array': {
      const items = resolve(schema.items as Schema | undefined, root);
      // Items of any kind (`items: {}`, ritekit's required query list) take a word: an empty list is no query value.
      const item = items && Object.keys(items).length === 0 ? 'fern' : sampleValue(items, root, depth + 1, lean);
      return item === undefined ? [] : [item];
    }
    case 'object':
      return sampleObject(schema, root, depth, lean, part);
    default:
      return undefined;
  }
}

function ofType(value: unknown, type: unknown): boolean {
  if (typeof type !== 'string') return true;
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  if (type === 'integer') return Number.isInteger(value);
  return kind === type || (type === 'number' && kind === 'number');
}

/** Required properties always; optional ones too near the top, so bodies exercise the whole schema. */
function sampleObject(schema: Schema, root: unknown, depth: number, lean: boolean, part = false): Record<string, unknown> {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const resolved = resolve(property, root);
    if (resolved?.readOnly === true) continue;
    if (!required.has(name) && (lean || depth > 1)) continue;
    const value = sampleValue(property, root, depth + 1, lean);
    if (value !== undefined) result[name] = value;
  }
  // The lean sample also names a required property no part lists (ndhm.gov.in's `consentNotificationUrl`,
  // xero's `id`), as the schema's further properties allow: any value where they are not typed.
  if (lean && !part && schema.additionalProperties !== false) {
    const further = schema.additionalProperties;
    const extra = typeof further === 'object' && further !== null ? sampleValue(further as Schema, root, depth + 1, lean) : undefined;
    for (const name of required) {
      if (!(name in result) && !Object.hasOwn(schema.properties ?? {}, name)) result[name] = extra ?? 'fern';
    }
  }
  // And fills a map up to its `minProperties` (DynamoDB's `RequestItems`, whose recursive values the faker cannot write).
  const further = schema.additionalProperties;
  if (lean && typeof schema.minProperties === 'number' && further !== false) {
    const value = typeof further === 'object' && further !== null ? sampleValue(further as Schema, root, depth + 1, lean) : 'fern';
    for (let n = 1; Object.keys(result).length < schema.minProperties && value !== undefined; n += 1) result[`fern${n}`] ??= value;
  }
  return result;
}

/**
 * The names `required` beside an `allOf` that the lean parts left out: each from the part that lists
 * it, else any value (gerermesaffaires.com requires a `File` no part lists).
 */
function requireNamed(schema: Schema, parts: readonly Schema[], merged: Record<string, unknown>, root: unknown, depth: number): void {
  for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
    if (name in merged) continue;
    const listed = parts.map((p) => (resolve(p, root)?.properties as Record<string, Schema> | undefined)?.[name]).find(Boolean);
    merged[name] = (listed ? sampleValue(listed, root, depth + 1, true) : undefined) ?? 'fern';
  }
}

/** A value of another type than the schema's (its first type), to make a request invalid. */
export function wrongTypeValue(input: Schema | undefined, root: unknown): unknown {
  const schema = resolve(input, root);
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'integer' || type === 'number' || type === 'boolean') return 'not-a-number';
  if (type === 'string') return schema?.enum || schema?.format ? 12345 : { not: 'a string' };
  if (type === 'array' || type === 'object') return 42;
  return undefined;
}
