import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';

type Schema = Record<string, unknown>;

/**
 * A prepared schema (finite, without references) with every `allOf` merged into its parent and every
 * `oneOf`/`anyOf` replaced by its first branch merged into its parent. json-schema-faker's `clean()`
 * step follows only `properties` and `items` from the schema it was given, not the branch it chose:
 * under a combination it reaches an array with no schema and throws (Microsoft Graph's navigation
 * properties, `anyOf: [{$ref}, {type: object, nullable: true}]`, are full of them). Flattened, every
 * value it walks has its schema beside it.
 */
export function flattenCombinations(schema: JsonSchema): JsonSchema {
  return flatten(schema) as JsonSchema;
}

/** `part`: an allOf, oneOf or anyOf branch, whose `required` may name what its sibling parts list. */
function flatten(node: unknown, part = false): unknown {
  if (!isJsonObject(node)) return node;
  let out: Schema = { ...node };
  if (isJsonObject(out.properties)) {
    const required = new Set(Array.isArray(out.required) ? out.required.map(String) : []);
    const flattened = Object.entries(out.properties).map(([name, property]) => [name, flatten(property)] as const);
    // An optional property no value satisfies (its parts' types share none: Lyft's `ride_profile`, an
    // object that is all of a string enum) is left out rather than answered invalid.
    out.properties = Object.fromEntries(
      flattened.filter(([name, property]) => required.has(name) || !unsatisfiable.has(property as Schema)),
    );
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    if (isJsonObject(out[key])) out[key] = flatten(out[key]);
  }
  const allOf = out.allOf;
  const chosen = firstBranch(out.oneOf) ?? firstBranch(out.anyOf);
  delete out.allOf;
  delete out.oneOf;
  delete out.anyOf;
  if (Array.isArray(allOf)) for (const branch of allOf) out = merge(out, flatten(branch, true));
  if (chosen !== undefined) out = merge(out, flatten(chosen, true));
  if (!part) nameUnlistedRequired(out);
  return out;
}

/**
 * A required property no part lists (Eqivo's `required: [RecordFile]` beside properties without it)
 * must still be answered: once the parts are merged it gets the `additionalProperties` schema, else a
 * string. Left alone where further properties are forbidden or their names constrained.
 */
function nameUnlistedRequired(out: Schema): void {
  if (!Array.isArray(out.required) || out.additionalProperties === false || 'patternProperties' in out) return;
  const named = isJsonObject(out.properties) ? out.properties : {};
  const unlisted = out.required.map(String).filter((name) => !Object.hasOwn(named, name));
  if (unlisted.length === 0) return;
  const extra = isJsonObject(out.additionalProperties) ? out.additionalProperties : { type: 'string' };
  out.properties = { ...named, ...Object.fromEntries(unlisted.map((name) => [name, extra])) };
}

/**
 * The prepared schema of generated answers with only the `allOf`s merged where a part closes or types
 * its further properties (`additionalProperties`): json-schema-faker's own merge drops that hold on the
 * other parts' properties. Every other combination is left to the faker, whose choices stay as they were.
 */
export function mergeClosingAllOf(schema: JsonSchema): JsonSchema {
  return mergeClosing(schema) as JsonSchema;
}

function mergeClosing(node: unknown): unknown {
  if (Array.isArray(node)) {
    const items = node.map(mergeClosing);
    return items.some((item, i) => item !== node[i]) ? items : node;
  }
  if (!isJsonObject(node)) return node;
  let out: Schema | undefined;
  for (const [key, value] of Object.entries(node)) {
    if (!['properties', 'items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf'].includes(key)) continue;
    const walked = key === 'properties' && isJsonObject(value) ? mergeEach(value) : mergeClosing(value);
    if (walked === value) continue;
    out ??= { ...node };
    out[key] = walked;
  }
  const schema = out ?? node;
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : [];
  const closing = [schema, ...parts].some(
    (part) => isJsonObject(part) && part.additionalProperties !== undefined && part.additionalProperties !== true,
  );
  if (!closing || parts.length === 0) return schema;
  const { allOf: _merged, ...rest } = schema;
  return parts.reduce<Schema>((merged, part) => merge(merged, part), rest);
}

function mergeEach(properties: Schema): Schema {
  const walked = Object.entries(properties).map(([name, property]) => [name, mergeClosing(property)] as const);
  return walked.some(([name, property]) => property !== properties[name]) ? Object.fromEntries(walked) : properties;
}

/** Merged schemas whose parts' types share none: no value is valid for them. */
const unsatisfiable = new WeakSet<Schema>();

function firstBranch(list: unknown): unknown {
  return Array.isArray(list) && list.length > 0 ? list[0] : undefined;
}

/**
 * Both schemas' constraints in one, where they can be; on a conflict the branch's word wins. One side's
 * `additionalProperties` also holds for the properties only the other side names (Azure's base objects
 * with `additionalProperties: {type: object}` under derived ones with string properties): an optional
 * property the two sides give no common type (or that `additionalProperties: false` forbids) is left out,
 * as no value of it would be valid.
 */
function merge(parent: Schema, branch: unknown): Schema {
  if (!isJsonObject(branch)) return parent;
  const out: Schema = { ...parent };
  const impossible = new Set<string>();
  for (const [key, value] of Object.entries(branch)) {
    const mine = out[key];
    if (key === 'properties' && isJsonObject(value)) {
      out.properties = mergeProperties(
        isJsonObject(mine) ? mine : {},
        parent.additionalProperties,
        value,
        branch.additionalProperties,
        impossible,
      );
    } else if (key === 'required' && Array.isArray(mine) && Array.isArray(value)) {
      out.required = [...new Set([...mine, ...value])];
    } else if (key === 'type' && mine !== undefined) {
      const common = commonType(mine, value);
      if (common === undefined) unsatisfiable.add(out);
      out.type = common ?? value;
    } else if (key === 'enum' && Array.isArray(mine) && Array.isArray(value)) {
      const common = commonValues(mine, value);
      if (common.length === 0) unsatisfiable.add(out);
      out.enum = common.length > 0 ? common : value;
    } else if ((key === 'items' || key === 'additionalProperties') && isJsonObject(mine) && isJsonObject(value)) {
      out[key] = merge(mine, value);
    } else {
      out[key] = value;
    }
  }
  if (!isJsonObject(branch.properties) && isJsonObject(parent.properties) && 'additionalProperties' in branch) {
    out.properties = mergeProperties(parent.properties, undefined, {}, branch.additionalProperties, impossible);
  }
  const required = new Set(Array.isArray(out.required) ? out.required.map(String) : []);
  if (isJsonObject(out.properties) && impossible.size > 0) {
    const kept = Object.entries(out.properties).filter(([name]) => !impossible.has(name) || required.has(name));
    out.properties = Object.fromEntries(kept);
  }
  return out;
}

/** The properties of both sides, each named on one side only also held to the other side's `additionalProperties`. */
function mergeProperties(mine: Schema, myExtra: unknown, theirs: Schema, theirExtra: unknown, impossible: Set<string>): Schema {
  const properties: Schema = { ...mine };
  const holdTo = (name: string, property: unknown, extra: unknown): unknown => {
    if (extra === false) impossible.add(name);
    if (!isJsonObject(extra) || !isJsonObject(property)) return property;
    if (conflicts(property, extra)) impossible.add(name);
    return merge(property, extra);
  };
  for (const [name, property] of Object.entries(properties)) {
    if (!(name in theirs)) properties[name] = holdTo(name, property, theirExtra);
  }
  for (const [name, property] of Object.entries(theirs)) {
    if (!(name in mine)) properties[name] = holdTo(name, property, myExtra);
    else if (isJsonObject(property) && isJsonObject(mine[name])) {
      if (conflicts(mine[name] as Schema, property)) impossible.add(name);
      properties[name] = merge(mine[name] as Schema, property);
    } else properties[name] = property;
  }
  return properties;
}

/** Whether two schemas' `type`s, or their `enum`s, have nothing in common: nothing is valid for both. */
function conflicts(a: Schema, b: Schema): boolean {
  if (Array.isArray(a.enum) && Array.isArray(b.enum) && commonValues(a.enum, b.enum).length === 0) return true;
  return a.type !== undefined && b.type !== undefined && commonType(a.type, b.type) === undefined;
}

/** The values both lists hold, compared as JSON, in the first list's order. */
function commonValues(a: unknown[], b: unknown[]): unknown[] {
  const theirs = new Set(b.map((value) => JSON.stringify(value)));
  return a.filter((value) => theirs.has(JSON.stringify(value)));
}

/** The types both allow (`integer` within `number`); undefined when they share none. */
function commonType(a: unknown, b: unknown): unknown {
  const list = (type: unknown) => (Array.isArray(type) ? type.map(String) : [String(type)]);
  const left = list(a);
  const right = list(b);
  const common = new Set<string>();
  for (const type of left) {
    if (right.includes(type)) common.add(type);
    else if (type === 'integer' && right.includes('number')) common.add('integer');
    else if (type === 'number' && right.includes('integer')) common.add('integer');
  }
  if (common.size === 0) return undefined;
  const types = [...common];
  return types.length === 1 ? types[0] : types;
}
