/**
 * JSON Schema 2020-12's words (OpenAPI 3.1 and 3.2) that json-schema-faker does not read, written as
 * words it does: `prefixItems` as its tuple `items` list, `items: false` as no more items,
 * `dependentRequired` and `dependentSchemas` as what the answer must then hold. (`unevaluatedProperties`
 * needs nothing: the faker adds no property the schema and its branches do not name.)
 */
import { isJsonObject } from '../json/json-object.js';

type Schema = Record<string, unknown>;
type WalkPart = (node: unknown) => Schema | undefined;

/**
 * The array's items when the schema writes a tuple (`prefixItems`) or allows none (`items: false`):
 * true when `out` now says them, false when no value fits, undefined when the schema does neither.
 */
export function walkTuple(schema: Schema, out: Schema, walkPart: WalkPart): boolean | undefined {
  const prefix = schema.prefixItems;
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  if (!Array.isArray(prefix)) {
    if (schema.items !== false) return undefined;
    // The faker wants items even for an empty array.
    out.items = {};
    out.maxItems = 0;
    return min === 0;
  }
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  for (const word of ['prefixItems', 'items', 'additionalItems', 'unevaluatedItems', 'contains', 'minContains', 'maxContains'])
    delete out[word];
  const made: Schema[] = [];
  for (const item of prefix.slice(0, max)) {
    const walked = walkPart(item);
    // The items after one that cannot be made are left out, as an array may end before them.
    if (walked === undefined) break;
    made.push(walked);
  }
  if (made.length < min) {
    if (made.length < prefix.length || schema.items === false || schema.unevaluatedItems === false) return false;
    const rest = isJsonObject(schema.items) ? walkPart(schema.items) : {};
    if (rest === undefined) return false;
    while (made.length < min) made.push(rest);
  }
  out.items = made;
  out.minItems = made.length;
  out.maxItems = made.length;
  return true;
}

/**
 * An answer carries every property it can (the faker's `alwaysFakeOptionals`), so each property a
 * present one depends on (`dependentRequired`) becomes required, and each schema it brings
 * (`dependentSchemas`) is added as an `allOf` branch. False when a schema it brings cannot be made.
 */
export function walkDependents(schema: Schema, out: Schema, walkPart: WalkPart): boolean {
  const present = new Set([
    ...Object.keys(isJsonObject(out.properties) ? out.properties : {}),
    ...(Array.isArray(out.required) ? out.required.map(String) : []),
  ]);
  const required = new Set(Array.isArray(out.required) ? out.required.map(String) : []);
  const dependents = isJsonObject(schema.dependentRequired) ? schema.dependentRequired : {};
  const added = Object.entries(dependents)
    .filter(([name, list]) => present.has(name) && Array.isArray(list))
    .flatMap(([, list]) => (list as unknown[]).map(String))
    .filter((name) => !required.has(name));
  if (added.length > 0) {
    const properties: Schema = isJsonObject(out.properties) ? { ...out.properties } : {};
    for (const name of added) properties[name] ??= {};
    out.properties = properties;
    out.required = [...required, ...new Set(added)];
  }
  delete out.dependentRequired;
  const brought = isJsonObject(schema.dependentSchemas) ? schema.dependentSchemas : {};
  const branches: Schema[] = [];
  for (const [name, part] of Object.entries(brought)) {
    if (!present.has(name)) continue;
    const walked = walkPart(part);
    if (walked === undefined) return false;
    branches.push(walked);
  }
  delete out.dependentSchemas;
  if (branches.length > 0) out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), ...branches];
  return true;
}

const CONTAINS_WORDS = ['contains', 'minContains', 'maxContains'];

/**
 * `contains` beside `items` (the faker puts one value of `contains` at a random place, whatever
 * `minContains` and `maxContains` say): the items are made to fit both, as many as `minContains` asks
 * (and `minItems`, up to `maxContains`). Where `minItems` asks for more items than `maxContains` allows,
 * the rest are of the items' other types (`items: {type: [integer, string]}` beside `contains: {type:
 * integer}`), as a tuple (walkTuple). The schema to walk for the array's items; `out` loses the words.
 */
export function containsWithItems(schema: Schema, out: Schema): Schema {
  const { contains, items } = schema;
  if (!isJsonObject(contains) || !isJsonObject(items) || Array.isArray(schema.prefixItems)) return schema;
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const atLeast = Math.max(number(schema.minContains) ?? 1, 0);
  const atMost = number(schema.maxContains) ?? Number.POSITIVE_INFINITY;
  const minItems = number(schema.minItems) ?? 0;
  const maxItems = number(schema.maxItems) ?? Number.POSITIVE_INFINITY;
  const both = { allOf: [items, contains] };
  for (const word of CONTAINS_WORDS) delete out[word];
  if (minItems <= atMost) {
    const least = Math.max(minItems, atLeast);
    const most = Math.min(maxItems, atMost);
    out.minItems = least;
    if (Number.isFinite(most)) out.maxItems = most;
    return { ...schema, items: both, minItems: least, ...(Number.isFinite(most) ? { maxItems: most } : {}) };
  }
  const others = otherTypes(items.type, contains.type);
  if (others === undefined) return schema;
  const fitting = Math.min(atMost, Math.max(atLeast, 0));
  const tuple = [...Array(fitting).fill(both), ...Array(minItems - fitting).fill({ ...items, type: others })];
  return { ...schema, prefixItems: tuple, items: false, minItems };
}

/** The types of `types` that no value of `taken` has (an integer is a number too), when there are any. */
function otherTypes(types: unknown, taken: unknown): string[] | undefined {
  if (!Array.isArray(types) || typeof taken !== 'string') return undefined;
  const numeric = taken === 'integer' || taken === 'number';
  const left = types.map(String).filter((type) => type !== taken && !(numeric && (type === 'integer' || type === 'number')));
  return left.length > 0 ? left : undefined;
}
