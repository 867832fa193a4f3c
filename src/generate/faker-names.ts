import type { JsonSchema } from '../json/json-schema.js';

/**
 * Property names json-schema-faker reads as its own keywords wherever they stand: a property named
 * `jsonPath` (Google's resource filters), `not` or `definitions` makes it answer the `properties` map
 * itself, or `false`, for the whole object. Such names are given to the faker under a prefix, and
 * taken back from its answer.
 */
const MISREAD_NAMES = new Set(['jsonPath', 'not', 'definitions']);
const PREFIX = '__mock_name__';

/** The name the faker is given for a property. */
export function fakerSafeName(name: string): string {
  return MISREAD_NAMES.has(name) ? `${PREFIX}${name}` : name;
}

const holds = new WeakMap<object, boolean>();

/** Whether a prepared schema holds a renamed property anywhere (worked out once per schema). */
function holdsRenamed(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const known = holds.get(schema);
  if (known !== undefined) return known;
  holds.set(schema, false);
  const node = schema as Record<string, unknown>;
  const properties = node.properties;
  const renamed =
    (properties !== null && typeof properties === 'object' && Object.keys(properties).some((name) => name.startsWith(PREFIX))) ||
    Object.values(node).some(holdsRenamed);
  holds.set(schema, renamed);
  return renamed;
}

/** The faker's answer with the property names it was given under a prefix taken back. */
export function restoreNames(value: unknown, schema: JsonSchema): unknown {
  return holdsRenamed(schema) ? restore(value) : value;
}

function restore(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(restore);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name.startsWith(PREFIX) ? name.slice(PREFIX.length) : name, restore(item)]),
  );
}
