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
