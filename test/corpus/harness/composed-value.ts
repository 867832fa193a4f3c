/**
 * The last candidate of valid-values.ts, built part by part where a value of the whole fails: each
 * property is built (and checked) on its own, so one part no candidate of the whole got right no
 * longer spoils the others; an object is filled up to its `minProperties` (listed properties first,
 * then entries of its `additionalProperties`); a `oneOf` whose branches overlap takes a branch's value
 * and, for every other branch it also matches, a property that branch types and this one leaves open,
 * given a value of another type (mailscript.com's `criteria`: two branches of `minProperties: 1`
 * objects, so any one property matches both).
 */
import { resolve, wrongTypeValue } from './sample-value.js';
import type { Schema } from './types.js';

export interface PartBuilder {
  /** A valid value of a part of the schema (every candidate of valid-values.ts), or undefined. */
  part(schema: Schema, depth: number): unknown;
  /** Whether the value is valid for the (part of the) schema. */
  valid(schema: Schema, value: unknown): boolean;
}

const MAX_DEPTH = 8;
/** Names of map entries made from `additionalProperties`. */
const ENTRY = 'fern';

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const listed = (schema: Schema | undefined): Record<string, Schema> =>
  isFields(schema?.properties) ? (schema.properties as Record<string, Schema>) : {};

export function composedValue(input: Schema, root: unknown, builder: PartBuilder, depth = 0): unknown {
  const schema = resolve(input, root);
  if (!schema || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(schema.oneOf)) return exclusiveBranch(schema, root, builder, depth);
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const objectLike = type.includes('object') || schema.properties !== undefined || schema.minProperties !== undefined;
  if (!objectLike || Array.isArray(schema.allOf) || Array.isArray(schema.anyOf)) return undefined;
  // Near the top, optional properties too (bodies exercise the schema); else what is required only.
  for (const optional of depth <= 1 ? [true, false] : [false]) {
    const value = filled(schema, root, builder, depth, properties(schema, root, builder, depth, optional));
    if (value !== undefined && builder.valid(schema, value)) return value;
  }
  return undefined;
}

function properties(schema: Schema, root: unknown, builder: PartBuilder, depth: number, optional: boolean): Fields | undefined {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const result: Fields = {};
  for (const [name, property] of Object.entries(listed(schema))) {
    if (resolve(property, root)?.readOnly === true || !(required.has(name) || optional)) continue;
    const value = builder.part(property, depth + 1);
    if (value !== undefined) result[name] = value;
    else if (required.has(name)) return undefined;
  }
  return result;
}

/** Up to `minProperties`: optional listed properties, then entries of `additionalProperties`. */
function filled(schema: Schema, root: unknown, builder: PartBuilder, depth: number, fields: Fields | undefined): Fields | undefined {
  if (!fields) return undefined;
  const least = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const result = { ...fields };
  for (const [name, property] of Object.entries(listed(schema))) {
    if (Object.keys(result).length >= least) return result;
    if (name in result || resolve(property, root)?.readOnly === true) continue;
    const value = builder.part(property, depth + 1);
    if (value !== undefined) result[name] = value;
  }
  const further = schema.additionalProperties;
  if (Object.keys(result).length >= least || further === false) return result;
  const entry = isFields(further) ? builder.part(further as Schema, depth + 1) : ENTRY;
  if (entry === undefined) return undefined;
  for (let n = 0; Object.keys(result).length < least; n++) {
    const name = n === 0 ? ENTRY : `${ENTRY}${n}`;
    if (!(name in result)) result[name] = entry;
  }
  return result;
}

function exclusiveBranch(schema: Schema, root: unknown, builder: PartBuilder, depth: number): unknown {
  const branches = (schema.oneOf as Schema[]).map((branch) => resolve(branch, root) ?? {});
  for (const branch of branches) {
    let value = builder.part(branch, depth + 1);
    if (value === undefined) continue;
    if (builder.valid(schema, value)) return value;
    if (!isFields(value) || branch.additionalProperties === false) continue;
    for (const other of branches.filter((b) => b !== branch && builder.valid(b, value))) {
      const excluded = excluding(branch, other, value as Fields, root, builder);
      if (excluded) value = excluded;
    }
    if (builder.valid(schema, value)) return value;
  }
  return undefined;
}

/** The value with one property `other` types, given a value of another type, that `branch` still takes. */
function excluding(branch: Schema, other: Schema, value: Fields, root: unknown, builder: PartBuilder): Fields | undefined {
  for (const [name, property] of Object.entries(listed(other))) {
    if (name in value || name in listed(branch)) continue;
    const wrong = wrongTypeValue(property, root);
    if (wrong === undefined) continue;
    const trial = { ...value, [name]: wrong };
    if (builder.valid(branch, trial) && !builder.valid(other, trial)) return trial;
  }
  return undefined;
}
