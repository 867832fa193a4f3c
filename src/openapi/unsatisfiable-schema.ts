import { enumBeyondLength } from '../generate/never-matches.js';
import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';

/**
 * Why no value can satisfy the schema, where its own words tell it surely and cheaply; else undefined.
 * Cases real documents have: an `enum` none of whose values is of its `type` (dracoon's `type: array`
 * beside an enum of strings); every `oneOf` branch repeats another (app-store-connect's
 * `oneOf: [AppCategory, AppCategory]`), so no value matches exactly one; an enum of strings none within
 * its length bounds (adyen's `gender`); and a `type` beside a
 * `oneOf`/`anyOf` none of whose branches allows any of its types (vercel.com's `type: 'null'` beside
 * string, number, boolean, object and array branches). Only what is written on the node and its
 * branches is read: a branch whose type is not written (or is a reference) is taken to allow anything.
 */
export function unsatisfiable(schema: JsonSchema): string | undefined {
  const oneOf = schema.oneOf;
  if (Array.isArray(oneOf) && oneOf.length > 0 && everyBranchRepeated(oneOf))
    return 'every branch of its oneOf repeats another, so no value matches exactly one';
  if (enumBeyondLength(schema)) return 'none of its enum values is within its length bounds';
  const own = typesOf(schema);
  if (own === undefined) return undefined;
  const values = schema.enum;
  if (Array.isArray(values) && values.length > 0 && !values.some((value) => own.some((type) => compatible(jsonType(value), type))))
    return `none of its enum values is of its type ${own.join(', ')}`;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    const branches = list.map((branch) => (isJsonObject(branch) && typeof branch.$ref !== 'string' ? typesOf(branch) : undefined));
    if (branches.every((types) => types !== undefined && !types.some((type) => own.some((mine) => compatible(mine, type)))))
      return `its type ${own.join(', ')} is none of the types its ${key} branches allow`;
  }
  return undefined;
}

/** The types a schema allows by its `type` (3.0's `nullable` adding null); undefined where it has none. */
function typesOf(schema: JsonSchema): string[] | undefined {
  const type = schema.type;
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.map(String) : undefined;
  if (types === undefined) return undefined;
  return schema.nullable === true ? [...types, 'null'] : types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function compatible(a: string, b: string): boolean {
  if (a === b) return true;
  return (a === 'integer' && b === 'number') || (a === 'number' && b === 'integer');
}

function everyBranchRepeated(branches: unknown[]): boolean {
  if (branches.length < 2) return false;
  // Written out only where each branch has a sibling with the same keywords: most lists differ there already.
  const shapes = branches.map((branch) => (isJsonObject(branch) ? Object.keys(branch).sort().join(' ') : String(branch)));
  if (!shapes.every((shape, at) => shapes.some((other, i) => i !== at && other === shape))) return false;
  const keys = branches.map((branch) => {
    try {
      return JSON.stringify(branch);
    } catch {
      return undefined;
    }
  });
  if (keys.some((key) => key === undefined)) return false;
  return keys.every((key, at) => keys.some((other, i) => i !== at && other === key));
}
