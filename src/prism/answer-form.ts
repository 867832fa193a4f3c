/**
 * The form of a schema Prism's validator checks the document's own values and the mock's answers
 * against. OpenAPI 3.0's `nullable` adds null only beside a `type` in the same schema; without one it
 * adds nothing, and Ajv refuses to compile the whole schema, which Prism then reads as "valid": every
 * example under pandascore's `allOf: [{nullable: true}, {$ref: string}]` was served unchecked. Here a
 * `nullable` without a `type` is left out (what 3.0 reads, and what 3.1, which has no `nullable`,
 * ignores). Made once per schema object; a part without one is the same object, so Prism's compiled
 * validators stay shared.
 */
type Node = Record<string, unknown>;

/** The form of each schema, and of each map of schemas (a bundle, `properties`), apart: one object may be read as either. */
const forms = new WeakMap<object, unknown>();
const mapForms = new WeakMap<object, unknown>();
const MAX_DEPTH = 256;
/** Keywords whose value maps names to schemas: the map itself is no schema (a property may be named `nullable`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', '__bundled__']);
/** Keywords whose value is data, never a schema. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);

export function answerForm<T>(schema: T): T {
  return formOf(schema, 0, false) as T;
}

/** The same for an operation's `__bundled__` schemas (or the part of them a schema reaches), by name. */
export function answerBundle<T>(bundle: T): T {
  return formOf(bundle, 0, true) as T;
}

function formOf(node: unknown, depth: number, map: boolean): unknown {
  if (node === null || typeof node !== 'object' || depth > MAX_DEPTH) return node;
  const memo = map ? mapForms : forms;
  const known = memo.get(node);
  if (known !== undefined) return known;
  // A cycle (none in a decycled document) ends at the node as it is.
  memo.set(node, node);
  let copy: Node | unknown[] | undefined;
  const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
  for (const [key, value] of entries) {
    if (typeof key === 'string' && !map && (DATA.has(key) || key.startsWith('x-'))) continue;
    const form = formOf(value, depth + 1, !map && typeof key === 'string' && SCHEMA_MAPS.has(key));
    if (form === value) continue;
    copy ??= Array.isArray(node) ? [...node] : { ...(node as Node) };
    (copy as Node)[key as string] = form;
  }
  if (!map && !Array.isArray(node) && 'nullable' in node && !('type' in node)) {
    copy ??= { ...(node as Node) };
    delete (copy as Node).nullable;
  }
  const result = copy ?? node;
  memo.set(node, result);
  return result;
}
