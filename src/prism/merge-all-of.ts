/**
 * Prism's allOf merge, as its body check makes it, made safe for properties named `__proto__`: the
 * merger (json-schema-merge-allof) copies keys by assignment, so such a property became the
 * prototype of the merged `properties`, and every property beside it was dropped unchecked. The key is
 * renamed for the merge and given back, as an own property, after it.
 */
import type { JsonSchema } from '../json/json-schema.js';
import { mergeAllOf } from './prism-internals.js';

const PROTO = '__proto__';
/** What `__proto__` is called during the merge: no document names a key with a NUL and this suffix. */
const STAND_IN = '\u0000__proto__\u0000plantstore-mock';

/** The schema with allOf merged (as it is when the merger cannot merge it). */
export function withoutAllOf(schema: JsonSchema): JsonSchema {
  const renamed = hasKey(schema, PROTO, new Set());
  try {
    const merged = mergeAllOf(renamed ? (renameKey(schema, PROTO, STAND_IN, new Map()) as JsonSchema) : schema, {
      deep: true,
      ignoreAdditionalProperties: true,
    });
    return renamed ? (renameKey(merged, STAND_IN, PROTO, new Map()) as JsonSchema) : merged;
  } catch {
    return schema;
  }
}

function hasKey(value: unknown, key: string, seen: Set<object>): boolean {
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  if (!Array.isArray(value) && Object.hasOwn(value, key)) return true;
  return Object.values(value).some((child) => hasKey(child, key, seen));
}

/** A copy of `value` with every own key `from` named `to`, each key defined (never assigned). */
function renameKey(value: unknown, from: string, to: string, copies: Map<object, unknown>): unknown {
  return copyKeys(value, (key) => (key === from ? to : key), copies);
}

/**
 * A copy of `value` whose keys are named by `nameOf` (left out where it gives undefined), each defined
 * (never assigned, so `__proto__` stays a key). `inProperties`: the object is a schema's `properties`.
 */
function copyKeys(
  value: unknown,
  nameOf: (key: string, inProperties: boolean) => string | undefined,
  copies: Map<object, unknown>,
  inProperties = false,
): unknown {
  if (value === null || typeof value !== 'object') return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    copies.set(value, list);
    for (const item of value) list.push(copyKeys(item, nameOf, copies));
    return list;
  }
  const copy: Record<string, unknown> = {};
  copies.set(value, copy);
  for (const [key, child] of Object.entries(value)) {
    const name = nameOf(key, inProperties);
    if (name === undefined) continue;
    const next = copyKeys(child, nameOf, copies, !inProperties && key === 'properties');
    Object.defineProperty(copy, name, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

interface BodyOperation {
  readonly request?: { readonly body?: { readonly contents?: readonly { readonly schema?: unknown }[] } };
}

/**
 * The operation as Prism's own body check should see it, which merges allOf with the same merger: a
 * body schema's properties named `__proto__` are left out. Ajv never applies a `__proto__` property's
 * schema (it leaves that key out of `properties`), so the check is the same, but the merger no longer
 * drops the properties beside it. `required` still names it. Other operations are returned as they are.
 */
export function withMergeableBody<T extends BodyOperation>(operation: T): T {
  const contents = operation.request?.body?.contents;
  if (!contents?.some((content) => hasKey(content.schema, PROTO, new Set()))) return operation;
  const copies = new Map<object, unknown>();
  const body = {
    ...operation.request?.body,
    contents: contents.map((content) => ({ ...content, schema: withoutProto(content.schema, copies) })),
  };
  return { ...operation, request: { ...operation.request, body } };
}

/** A copy without the `__proto__` entries of its `properties` objects. */
function withoutProto(value: unknown, copies: Map<object, unknown>): unknown {
  return copyKeys(value, (key, inProperties) => (inProperties && key === PROTO ? undefined : key), copies);
}
