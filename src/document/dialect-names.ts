/**
 * The spellings clients use for arrays and objects in query strings and forms beyond OpenAPI's styles:
 * brackets (`a[]=1`), indices (`a[0]=1`, `a[0][b]=1`) and dots (`a.b=1`), as Rails, PHP, qs, Stainless
 * and Stripe clients send them. A name is split into its root and its segments, and the pairs of one
 * root are folded into the value its schema describes. Query strings (query-dialects.ts) and forms
 * (form-fields.ts) both read them here.
 */
import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';
import type { ARRAY_FORMATS, OBJECT_FORMATS } from '../option-table.js';

export type ArrayFormat = (typeof ARRAY_FORMATS)[number];
export type ObjectFormat = (typeof OBJECT_FORMATS)[number];

/** The spelling of arrays and objects in one place (the query, or form bodies). */
export interface PlaceFormats {
  readonly array: ArrayFormat;
  readonly object: ObjectFormat;
}
export const AUTO_FORMATS: PlaceFormats = Object.freeze({ array: 'auto', object: 'auto' });

/** One segment of a name: `[key]` (`[]` is the empty key) or `.key`. */
export interface Segment {
  readonly key: string;
  readonly dotted: boolean;
}

/** A pair's name split: `a[0][b]` is `a` with segments `0`, `b`. */
export interface SplitName {
  readonly root: string;
  readonly segments: readonly Segment[];
}

/** Deepest nesting read; deeper names are left as they were sent. */
export const MAX_SEGMENTS = 8;

/** The root and segments of a name in a dialect; undefined for a plain name or one that is no such spelling (`a[b`, `a..b`). */
export function splitName(name: string): SplitName | undefined {
  let at = firstMark(name, 0);
  if (at <= 0 || at === name.length) return undefined;
  const root = name.slice(0, at);
  const segments: Segment[] = [];
  while (at < name.length) {
    if (segments.length === MAX_SEGMENTS) return undefined;
    if (name[at] === '[') {
      const close = name.indexOf(']', at);
      if (close === -1) return undefined;
      const key = name.slice(at + 1, close);
      if (key.includes('[')) return undefined;
      segments.push({ key, dotted: false });
      at = close + 1;
    } else if (name[at] === '.') {
      const next = firstMark(name, at + 1);
      if (next === at + 1) return undefined;
      segments.push({ key: name.slice(at + 1, next), dotted: true });
      at = next;
    } else return undefined;
  }
  return { root, segments };
}

function firstMark(name: string, from: number): number {
  for (let i = from; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x5b /* [ */ || c === 0x2e /* . */) return i;
  }
  return name.length;
}

/** The values given under one name, with its segments below the root. */
export interface Entry {
  readonly segments: readonly Segment[];
  readonly values: readonly string[];
}

/** Follows a `$ref` into the operation's bundle, or gives the schema as it is. */
export type Resolve = (schema: unknown) => JsonSchema | undefined;

/**
 * The value the entries of one root spell, shaped by its schema: at an array, `[]` adds each value as an
 * item and `[N]` groups by N (in numeric order; indices order the items, they are no positions, so
 * `a[99999]` makes one item); at an object, or where the schema says nothing, each key is a property. A
 * leaf is its last value, or all of them where the schema wants an array. Undefined where the entries
 * do not fit the schema's shape (a key under an array), so the caller leaves those pairs as they were.
 */
export function foldEntries(entries: readonly Entry[], schema: unknown, resolve: Resolve): unknown {
  return fold(entries, 0, resolve(schema), resolve);
}

function fold(entries: readonly Entry[], depth: number, schema: JsonSchema | undefined, resolve: Resolve): unknown {
  const leaves = entries.filter((e) => e.segments.length === depth);
  const deeper = entries.filter((e) => e.segments.length > depth);
  if (deeper.length === 0) {
    const values = leaves.flatMap((e) => e.values);
    const empty = emptyValue(schema, values, resolve);
    if (empty !== undefined) return empty;
    return arrayBranch(schema, resolve) ? values : values[values.length - 1];
  }
  if (leaves.length > 0) return undefined;
  const list = arrayBranch(schema, resolve);
  if (list) return foldArray(deeper, depth, resolve(list.items), resolve);
  const object: Record<string, unknown> = Object.create(null);
  const groups = groupBy(deeper, depth);
  schema = objectBranch(schema, resolve) ?? schema;
  for (const [key, group] of groups) {
    if (key === '') return undefined;
    const properties = isJsonObject(schema?.properties) ? schema.properties : undefined;
    const additional = schema?.additionalProperties;
    const below = properties && Object.hasOwn(properties, key) ? properties[key] : isJsonObject(additional) ? additional : undefined;
    const value = fold(group, depth + 1, resolve(below), resolve);
    if (value === undefined) return undefined;
    object[key] = value;
  }
  return object;
}

function foldArray(entries: readonly Entry[], depth: number, items: JsonSchema | undefined, resolve: Resolve): unknown[] | undefined {
  const indexed: [number, unknown][] = [];
  const appended: unknown[] = [];
  for (const [key, group] of groupBy(entries, depth)) {
    if (key === '') {
      // `a[]=1&a[]=2` adds an item per value; `a[][b]=1` one item per pair, as PHP and qs read it.
      for (const entry of group) {
        if (entry.segments.length === depth + 1) appended.push(...entry.values.map((v) => fold([leaf(v)], 0, items, resolve)));
        else {
          const value = fold([entry], depth + 1, items, resolve);
          if (value === undefined) return undefined;
          appended.push(value);
        }
      }
    } else if (/^\d{1,9}$/.test(key)) {
      const value = fold(group, depth + 1, items, resolve);
      if (value === undefined) return undefined;
      indexed.push([Number(key), value]);
    } else return undefined;
  }
  indexed.sort((a, b) => a[0] - b[0]);
  return [...indexed.map(([, value]) => value), ...appended];
}

function leaf(value: string): Entry {
  return { segments: [], values: [value] };
}

/** The entries by their segment at `depth`, in the order first met. */
function groupBy(entries: readonly Entry[], depth: number): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = (entry.segments[depth] as Segment).key;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return groups;
}

/**
 * What one field sent empty (`name=`, `a[b]=`) stands for where its schema says: Stripe's "unset", the
 * empty string, for an `anyOf`/`oneOf` with an `enum: [""]` branch beside an array or object (not a list
 * of one empty item); an empty object for an object schema, the only spelling a form has for one (Stripe
 * takes `shipping[address]=` so). Undefined elsewhere: the empty text is judged as it is.
 */
export function emptyValue(schema: JsonSchema | undefined, values: readonly string[] | undefined, resolve: Resolve): unknown {
  if (schema === undefined || values?.length !== 1 || values[0] !== '') return undefined;
  const branches = [schema.anyOf, schema.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  const unset = branches.some((each) => {
    const read = resolve(each) ?? each;
    return isJsonObject(read) && Array.isArray(read.enum) && read.enum.includes('');
  });
  if (unset) return '';
  return isObjectLike(schema) && !isArraySchema(schema) && !typeIncludes(schema, 'string') ? Object.create(null) : undefined;
}

function typeIncludes(schema: JsonSchema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** The schema when it is an array's, else its first `anyOf` or `oneOf` branch that is (Stripe's `anyOf: [array, enum [""]]`). */
export function arrayBranch(schema: JsonSchema | undefined, resolve: Resolve): JsonSchema | undefined {
  return branch(schema, resolve, isArraySchema);
}

/** The schema when it is an object's, else its first `anyOf` or `oneOf` branch that is. */
export function objectBranch(schema: JsonSchema | undefined, resolve: Resolve): JsonSchema | undefined {
  return branch(schema, resolve, isObjectLike);
}

function branch(schema: JsonSchema | undefined, resolve: Resolve, is: (s: JsonSchema | undefined) => boolean): JsonSchema | undefined {
  if (schema === undefined || is(schema)) return schema;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const each of branches) {
      const resolved = resolve(each);
      if (is(resolved)) return resolved;
    }
  }
  return undefined;
}

/** A resolver of the references into an operation's bundle (`#/__bundled__/…`). */
export function bundleResolver(bundle: unknown): Resolve {
  const resolve = (schema: unknown, depth = 0): JsonSchema | undefined => {
    if (!isJsonObject(schema)) return undefined;
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/__bundled__/') && isJsonObject(bundle) && depth < MAX_SEGMENTS)
      return resolve(bundle[ref.slice('#/__bundled__/'.length)], depth + 1);
    return schema;
  };
  return (schema) => resolve(schema);
}

export function isArraySchema(schema: JsonSchema | undefined): boolean {
  if (schema === undefined) return false;
  const type = schema.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array')) || (type === undefined && schema.items !== undefined);
}

export function isObjectLike(schema: JsonSchema | undefined): boolean {
  if (schema === undefined) return false;
  const type = schema.type;
  return (
    type === 'object' ||
    (Array.isArray(type) && type.includes('object')) ||
    (type === undefined && (schema.properties !== undefined || schema.additionalProperties !== undefined))
  );
}

/**
 * Whether an entry is spelled as a format asks: `[]` (an array's brackets), `[N]` (indices), `[key]`
 * (an object's brackets) or `.key` (dots).
 */
export function spelledAs(entry: Entry, spelling: '[]' | '[N]' | '[key]' | '.key'): boolean {
  const first = entry.segments[0];
  if (first === undefined) return false;
  if (spelling === '.key') return first.dotted;
  if (first.dotted) return false;
  if (spelling === '[]') return first.key === '';
  return spelling === '[N]' ? /^\d+$/.test(first.key) : true;
}
