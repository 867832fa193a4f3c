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

function flatten(node: unknown): unknown {
  if (!isSchema(node)) return node;
  let out: Schema = { ...node };
  if (isSchema(out.properties)) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([name, property]) => [name, flatten(property)]));
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    if (isSchema(out[key])) out[key] = flatten(out[key]);
  }
  const allOf = out.allOf;
  const chosen = firstBranch(out.oneOf) ?? firstBranch(out.anyOf);
  delete out.allOf;
  delete out.oneOf;
  delete out.anyOf;
  if (Array.isArray(allOf)) for (const branch of allOf) out = merge(out, flatten(branch));
  if (chosen !== undefined) out = merge(out, flatten(chosen));
  return out;
}

function firstBranch(list: unknown): unknown {
  return Array.isArray(list) && list.length > 0 ? list[0] : undefined;
}

/** Both schemas' constraints in one, where they can be; on a conflict the branch's word wins. */
function merge(parent: Schema, branch: unknown): Schema {
  if (!isSchema(branch)) return parent;
  const out: Schema = { ...parent };
  for (const [key, value] of Object.entries(branch)) {
    const mine = out[key];
    if (key === 'properties' && isSchema(mine) && isSchema(value)) {
      const properties: Schema = { ...mine };
      for (const [name, property] of Object.entries(value)) {
        properties[name] = name in properties ? merge(properties[name] as Schema, property) : property;
      }
      out.properties = properties;
    } else if (key === 'required' && Array.isArray(mine) && Array.isArray(value)) {
      out.required = [...new Set([...mine, ...value])];
    } else if ((key === 'items' || key === 'additionalProperties') && isSchema(mine) && isSchema(value)) {
      out[key] = merge(mine, value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
