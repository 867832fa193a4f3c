import { isJsonObject } from '../json/json-object.js';
import { resolveFragment } from '../json/json-pointer.js';
import type { JsonSchema } from '../json/json-schema.js';
import { believable } from './believable.js';
import { fakerSafeName } from './faker-names.js';
import { fixKeywords, type Mode } from './fix-keywords.js';
import { standardPattern } from './java-classes.js';
import { containsWithItems, walkDependents, walkTuple } from './json-schema-2020.js';
import { enumBeyondLength, neverMatches } from './never-matches.js';
import { drawsTooLong } from './pattern-values.js';

/**
 * How many times one reference may be entered on the way down from the root: a tree schema is
 * generated this many levels deep, then its recursive parts are left out where the schema allows;
 * where it requires them, one level more gives their smallest valid value (see `minimal`).
 */
const REF_DEPTH = 2;
/** Schemas nested deeper than this are left out too: a guard against documents that never end. */
const MAX_DEPTH = 64;
/**
 * References followed in one schema at most: many schemas referring to each other would otherwise
 * multiply (each reference may open twice on every path); past this, they are left out as above.
 */
const MAX_REFS = 2000;
/**
 * Schema nodes in one prepared schema at most: a few hundred references to large schemas (Microsoft
 * Graph's entities, each with dozens of navigation properties) would otherwise inline hundreds of
 * megabytes, which the faker then copies on every answer. Past this, references are left out as above.
 */
const MAX_NODES = 5000;
/**
 * The same bounds for a required part's smallest value (minimal mode), which may go past the two above:
 * a large schema whose optional parts spent them (Stripe's `issuing.dispute`) still gets its required
 * ones, instead of an answer of `{}` that breaks its schema. Minimal mode walks required properties only.
 */
const MINIMAL_MAX_REFS = 4 * MAX_REFS;
const MINIMAL_MAX_NODES = 4 * MAX_NODES;
/**
 * Arrays nested in more arrays than this hold one item in generated answers (or their `minItems`): five items
 * at every level of a deep document multiply into answers of millions of values.
 */
const FULL_ARRAY_DEPTH = 1;

/**
 * The extensions json-schema-faker generates from; it walks every other one as a schema too, and a
 * `$ref` in one (bungie.net's `x-mapped-definition`) made it throw, so the rest are left out.
 */
const FAKER_EXTENSIONS = new Set(['x-faker', 'x-chance', 'x-casual']);

type Schema = Record<string, unknown>;

/**
 * The schema json-schema-faker is given for an answer, made once per schema: references (including
 * the `#/__bundled__/…` ones Prism's bundler leaves) inlined with bounded depth, so the faker never
 * meets a `$ref` it cannot resolve nor recurses without end; where the depth runs out, the recursive
 * part is left out if the schema lets it be (an optional property, an empty array, another `oneOf`
 * branch). `writeOnly` properties are dropped, as an answer never carries them. Numeric
 * `exclusiveMinimum`/`exclusiveMaximum` (3.1, and 3.0 as Prism rewrites it) become the boolean form
 * the faker understands, and the pattern Prism adds to `format: byte` is dropped so the faker's
 * base64 format is used.
 *
 * In `static` mode the document's words come first and choices are made once: only the first of
 * `examples` is kept (and `default` is dropped beside it, since the faker picks among both), the
 * first `enum` value, the first `oneOf`/`anyOf` branch, the first non-null type of a type array and
 * one item per array (or `minItems`).
 */
export function prepareSchema(schema: JsonSchema, mode: Mode): JsonSchema {
  const context = (carryImpossible: boolean): Context => ({
    root: schema,
    mode,
    refs: new Map(),
    followed: 0,
    nodes: 0,
    arrays: 0,
    minimal: false,
    impossible: false,
    carryImpossible,
  });
  const first = context(true);
  const out = walk(schema, first, 0);
  // No value fits the whole schema: its nearest parts are made as they can be, as before.
  if (out === undefined && first.impossible) return walk(schema, context(false), 0) ?? {};
  return out ?? {};
}

interface Context {
  readonly root: JsonSchema;
  readonly mode: Mode;
  /** How many times each reference is open on the current path. */
  readonly refs: Map<string, number>;
  /** References followed so far in this schema. */
  followed: number;
  /** Schema nodes walked so far. */
  nodes: number;
  /** Arrays open on the current path. */
  arrays: number;
  /**
   * Under a required part that could not be made within the depth bound: its smallest valid value is
   * wanted (null where the schema allows it, only required properties, arrays of `minItems`), and each
   * reference may be entered once more.
   */
  minimal: boolean;
  /** Whether the part last walked was left out because no value can fit it (see `neverMatches`). */
  impossible: boolean;
  /**
   * Whether a required part no value fits leaves out its parent too, up to the nearest optional part
   * (dataexchange's required `CatalogId`, whose pattern nothing matches, under an optional policy),
   * instead of being made in minimal mode with a value that breaks it.
   */
  readonly carryImpossible: boolean;
}

/** `nullable`: whether null may stand for the schema in minimal mode (not for a branch of a combination). */
function walk(node: unknown, context: Context, depth: number, nullable = true): Schema | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node === false ? undefined : {};
  if (depth > MAX_DEPTH) return undefined;
  const schema = node as Schema;
  context.nodes += 1;
  if (typeof schema.$ref === 'string') return walkRef(schema, schema.$ref, context, depth, nullable);
  if (context.minimal && nullable && allowsNull(schema)) return { type: 'null' };
  if (!context.minimal && (neverMatches(schema.pattern) || enumOutsideType(schema) || enumBeyondLength(schema))) {
    context.impossible = true;
    return undefined;
  }
  const pattern = typeof schema.pattern === 'string' ? standardPattern(schema.pattern) : undefined;
  if (pattern !== undefined && drawsTooLong(pattern)) return undefined;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '__bundled__' || key === '$defs' || key === 'definitions') continue;
    if (key.startsWith('x-') && !FAKER_EXTENSIONS.has(key)) continue;
    out[key] = value;
  }
  if (pattern !== undefined) out.pattern = pattern;
  if (!walkObject(schema, out, context, depth)) return undefined;
  const part = (at: unknown) => walk(at, context, depth + 1, false);
  const arrayed = containsWithItems(schema, out);
  const tuple = walkTuple(arrayed, out, part);
  if (tuple === false || (tuple === undefined && !walkItems(containsAsItems(arrayed, out), out, context, depth))) return undefined;
  if (!walkCombinations(schema, out, context, depth) || !walkDependents(schema, out, part)) return undefined;
  leaveOutUnadmitted(out);
  fixKeywords(out, context.mode);
  context.impossible = false;
  return out;
}

/**
 * An `enum` none of whose values is of the schema's `type` (shotstack's `aspectRatio`, a string whose
 * values `16:9` and `9:16` a YAML reader turned into the numbers 969 and 556): no value is valid, so an
 * optional property of it is left out.
 */
function enumOutsideType(schema: Schema): boolean {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0 || schema.type === undefined) return false;
  const types = new Set(Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type)]);
  if (schema.nullable === true) types.add('null');
  return !schema.enum.some((value) => types.has(jsonType(value)) || (types.has('number') && jsonType(value) === 'integer'));
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function walkRef(schema: Schema, ref: string, context: Context, depth: number, nullable: boolean): Schema | undefined {
  const { $ref: _ref, ...siblings } = schema;
  return enter(ref, context, (target) => walk({ ...(target as Schema), ...siblings }, context, depth + 1, nullable));
}

/**
 * Follows a reference within its bounds (see REF_DEPTH, MAX_REFS, MAX_NODES; one entry more and the
 * MINIMAL_ bounds in minimal mode): `use` runs on its target while the reference is open; undefined past them.
 */
function enter<T>(ref: string, context: Context, use: (target: unknown) => T | undefined): T | undefined {
  const open = context.refs.get(ref) ?? 0;
  const limit = context.minimal ? REF_DEPTH + 1 : REF_DEPTH;
  const within = context.minimal
    ? context.followed < MINIMAL_MAX_REFS && context.nodes < MINIMAL_MAX_NODES
    : context.followed < MAX_REFS && context.nodes < MAX_NODES;
  const target = open < limit && within ? resolveFragment(context.root, ref) : undefined;
  if (target === undefined) return undefined;
  context.followed += 1;
  context.refs.set(ref, open + 1);
  try {
    return use(target);
  } finally {
    context.refs.set(ref, open);
  }
}

/** Whether a required part left out because no value fits it leaves its parent out too (Context.carryImpossible). */
function carried(walked: Schema | undefined, context: Context): boolean {
  return walked === undefined && context.impossible && context.carryImpossible;
}

/** A required part walked again in minimal mode, when it could not be made within the bounds. */
function orSmallest(walked: Schema | undefined, context: Context, again: () => Schema | undefined): Schema | undefined {
  if (walked !== undefined || context.minimal) return walked;
  context.minimal = true;
  try {
    return again();
  } finally {
    context.minimal = false;
  }
}

function walkObject(schema: Schema, out: Schema, context: Context, depth: number): boolean {
  // Prism's bundler may move a recursive `properties` map itself out of the schema: `{ "$ref": ... }`.
  const ref = isJsonObject(schema.properties) ? onlyRef(schema.properties) : undefined;
  if (ref === undefined) return walkProperties(schema, schema.properties, out, context, depth);
  return enter(ref, context, (map) => walkProperties(schema, map, out, context, depth)) ?? false;
}

function walkProperties(schema: Schema, map: unknown, out: Schema, context: Context, depth: number): boolean {
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  if (isJsonObject(map)) {
    const properties: Schema = {};
    for (const [name, property] of Object.entries(map)) {
      if ((isJsonObject(property) && property.writeOnly === true) || (context.minimal && !required.has(name))) {
        required.delete(name);
        continue;
      }
      context.impossible = false;
      let walked = walk(property, context, depth + 1);
      if (required.has(name) && !carried(walked, context)) walked = orSmallest(walked, context, () => walk(property, context, depth + 1));
      if (walked !== undefined) properties[fakerSafeName(name)] = believable(name, walked);
      else if (required.has(name)) return false;
      else context.impossible = false;
    }
    out.properties = properties;
    if (Array.isArray(schema.required)) out.required = [...required].map(fakerSafeName);
  } else if (Array.isArray(schema.required)) out.required = schema.required.map((name) => fakerSafeName(String(name)));
  if (isJsonObject(schema.additionalProperties)) out.additionalProperties = walk(schema.additionalProperties, context, depth + 1) ?? false;
  return true;
}

/**
 * `additionalProperties` beside `allOf` (or `anyOf`, `oneOf`) also judges the properties its branches
 * name, which the schema's own `properties` do not list (Azure's resources: `additionalProperties: {type: object}`
 * beside an `allOf` whose `id` is a string): an optional one is left out of the answer, since a value
 * that fits its branch need not fit `additionalProperties`. Left alone where `patternProperties` may match.
 */
function leaveOutUnadmitted(out: Schema): void {
  const extra = out.additionalProperties;
  const strict = extra === false || (isJsonObject(extra) && Object.keys(extra).length > 0);
  const branches = ['allOf', 'anyOf', 'oneOf'].flatMap((key) => (Array.isArray(out[key]) ? (out[key] as unknown[]) : []));
  if (!strict || branches.length === 0 || 'patternProperties' in out) return;
  const own = new Set(Object.keys(isJsonObject(out.properties) ? out.properties : {}));
  const required = new Set(Array.isArray(out.required) ? out.required.map(String) : []);
  const visit = (branch: unknown) => {
    if (!isJsonObject(branch)) return;
    if (isJsonObject(branch.properties)) {
      const kept = new Set(Array.isArray(branch.required) ? branch.required.map(String) : []);
      const properties = Object.entries(branch.properties).filter(([name]) => own.has(name) || required.has(name) || kept.has(name));
      if (properties.length < Object.keys(branch.properties).length) branch.properties = Object.fromEntries(properties);
    }
    if (Array.isArray(branch.allOf)) branch.allOf.forEach(visit);
  };
  branches.forEach(visit);
}

/** The reference of a node that is nothing but one. */
function onlyRef(node: Schema): string | undefined {
  const keys = Object.keys(node);
  return keys.length === 1 && typeof node.$ref === 'string' ? node.$ref : undefined;
}

/**
 * Whether null is valid for the schema: by its type (3.1, and 3.0's `nullable` as Prism rewrites it),
 * or 3.0's `nullable` beside a `type` (without one it adds nothing), and by any enum, const or combination.
 */
function allowsNull(schema: Schema): boolean {
  const type = schema.type;
  const typed = type === 'null' || (Array.isArray(type) && type.includes('null')) || (schema.nullable === true && type !== undefined);
  // A combination beside it still applies to null (OpenAPI 3.0's `nullable` beside `allOf` included).
  if (!typed || ('const' in schema && schema.const !== null) || ['allOf', 'anyOf', 'oneOf', 'not'].some((k) => k in schema)) return false;
  return !Array.isArray(schema.enum) || schema.enum.includes(null);
}

/**
 * `contains` without `items`: the items are made of what it asks, at least `minContains` (1) of them and
 * at most `maxContains`; the faker alone answers an empty array, which `contains` refuses.
 */
function containsAsItems(schema: Schema, out: Schema): Schema {
  if (!isJsonObject(schema.contains) || schema.items !== undefined) return schema;
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const minItems = Math.max(number(schema.minItems) ?? 0, number(schema.minContains) ?? 1);
  const maxItems = Math.min(number(schema.maxItems) ?? Number.POSITIVE_INFINITY, number(schema.maxContains) ?? Number.POSITIVE_INFINITY);
  for (const keyword of ['contains', 'minContains', 'maxContains']) delete out[keyword];
  out.minItems = minItems;
  if (Number.isFinite(maxItems)) out.maxItems = maxItems;
  return { ...schema, items: schema.contains, minItems };
}

function walkItems(schema: Schema, out: Schema, context: Context, depth: number): boolean {
  if (!isJsonObject(schema.items)) return true;
  context.arrays += 1;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  context.impossible = false;
  let items = walk(schema.items, context, depth + 1);
  if (minItems > 0 && !carried(items, context)) items = orSmallest(items, context, () => walk(schema.items, context, depth + 1));
  context.arrays -= 1;
  if (items !== undefined) out.items = items;
  else if (minItems > 0) return false;
  else {
    // The faker wants items even for an empty array.
    out.items = {};
    out.maxItems = 0;
  }
  if (context.minimal) out.maxItems = minItems;
  else if ((context.mode === 'static' || context.arrays >= FULL_ARRAY_DEPTH) && out.maxItems !== 0) out.maxItems = Math.max(minItems, 1);
  return true;
}

function walkCombinations(schema: Schema, out: Schema, context: Context, depth: number): boolean {
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = key === 'oneOf' ? withoutTwinBranches(schema[key], context.root) : schema[key];
    if (!Array.isArray(list)) continue;
    // Every oneOf branch has a twin: no value can match exactly one, so the part is left out where it may be.
    if (list.length === 0) return false;
    const branch = (at: unknown) => {
      context.impossible = false;
      return walk(at, context, depth + 1, false);
    };
    let walked: (Schema | undefined)[] = [];
    for (const at of list) {
      const made = branch(at);
      // An allOf one of whose parts no value fits: no value fits it either (AWS's `allOf: [$ref, {description}]`).
      if (key === 'allOf' && carried(made, context)) return false;
      walked.push(key === 'allOf' ? orSmallest(made, context, () => branch(at)) : made);
    }
    if (key !== 'allOf' && walked.every((at) => at === undefined))
      walked = list.map((at) => orSmallest(undefined, context, () => branch(at)));
    const kept = walked.filter((at): at is Schema => at !== undefined && (key === 'allOf' || admitted(out, at)));
    if (key === 'allOf' ? kept.length < walked.length : kept.length === 0) return false;
    out[key] = context.mode === 'static' && key !== 'allOf' ? kept.slice(0, 1) : kept;
  }
  return true;
}

/**
 * Whether a `oneOf`/`anyOf` branch can hold beside a parent closed with `additionalProperties: false`:
 * only the parent's own `properties` are admitted, so a branch that requires another one never matches
 * a valid value (jira's `JqlQueryClause`, closed with no properties of its own, whose every branch
 * requires some: no value fits it, so an optional part of it is left out). Its other properties the
 * parent's closing leaves out (`leaveOutUnadmitted`).
 */
function admitted(parent: Schema, branch: Schema): boolean {
  if (parent.additionalProperties !== false || 'patternProperties' in parent) return true;
  const own = isJsonObject(parent.properties) ? parent.properties : {};
  const required = (part: Schema): string[] => [
    ...(Array.isArray(part.required) ? part.required.map(String) : []),
    ...(Array.isArray(part.allOf) ? part.allOf.filter(isJsonObject).flatMap(required) : []),
  ];
  return required(branch).every((name) => Object.hasOwn(own, name));
}

/**
 * The `oneOf` branches that no other branch repeats (the same schema, or references to the same or to
 * equal targets: app-store-connect's `oneOf: [{$ref: AppCategory}, {$ref: AppCategory}]`): a value that
 * matches a repeated branch matches its twin too, so never exactly one.
 */
function withoutTwinBranches(list: unknown, root: JsonSchema): unknown {
  if (!Array.isArray(list) || list.length < 2) return list;
  const known = distinctBranches.get(list);
  if (known !== undefined) return known;
  const keys = list.map((branch) => {
    const ref = isJsonObject(branch) ? onlyRef(branch) : undefined;
    const target = ref === undefined ? branch : resolveFragment(root, ref);
    try {
      return target === undefined ? undefined : JSON.stringify(target);
    } catch {
      return undefined;
    }
  });
  const repeated = keys.filter((key, at) => key !== undefined && keys.indexOf(key) !== at);
  const distinct = repeated.length === 0 ? list : list.filter((_, at) => !repeated.includes(keys[at]));
  distinctBranches.set(list, distinct);
  return distinct;
}

/** A document's `oneOf` lists are met again on every path through them: each is compared once. */
const distinctBranches = new WeakMap<unknown[], unknown[]>();
