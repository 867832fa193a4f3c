import { contentKey } from '../cache/content-cache.js';
import type { JsonSchema } from '../json/json-schema.js';

/**
 * Prism keeps one compiled validator per schema object and bundle object, and every operation reads its
 * own copy of the schemas it uses: operations answering with the same large schema each had Ajv compile
 * it again, which takes seconds for a schema that unfolds to megabytes. Copies alike in content are
 * handed to Prism as one pair of objects, so that content is compiled once per process. Only large
 * schemas are shared (a small one compiles quickly); the KEEP most recently used stay, an older pair
 * lives only while an operation still holds it. Callers must not mutate what they are given.
 */
const KEEP = 16;
/** Characters of JSON from which a schema (with its bundle) is shared. */
export const LARGE_SCHEMA = 64 * 1024;

export interface SchemaPair {
  readonly schema: JsonSchema;
  readonly bundle: Record<string, unknown> | undefined;
}

const NO_BUNDLE = {};
const recent = new Map<string, SchemaPair>();
/** The pair given for each schema object and bundle object (NO_BUNDLE when there is none). */
const given = new WeakMap<object, WeakMap<object, SchemaPair>>();

/** The pair to validate `schema` with `bundle` against: an earlier one of the same content, or these. */
export function sharedSchema(schema: JsonSchema, bundle: Record<string, unknown> | undefined): SchemaPair {
  let byBundle = given.get(schema);
  if (!byBundle) {
    byBundle = new WeakMap();
    given.set(schema, byBundle);
  }
  const known = byBundle.get(bundle ?? NO_BUNDLE);
  if (known) return known;
  const pair = alike({ schema, bundle });
  byBundle.set(bundle ?? NO_BUNDLE, pair);
  return pair;
}

function alike(pair: SchemaPair): SchemaPair {
  let schemaText: string;
  let bundleText: string;
  try {
    // Prism validates the schema with the bundle it is given, never the one a schema may carry.
    schemaText = JSON.stringify({ ...pair.schema, __bundled__: undefined }, unvalidated);
    bundleText = JSON.stringify(pair.bundle ?? null, unvalidated);
  } catch {
    // Not plain JSON (a big integer, say): validated as it is.
    return pair;
  }
  if (schemaText.length + bundleText.length < LARGE_SCHEMA) return pair;
  const key = contentKey(schemaText, bundleText);
  const earlier = recent.get(key);
  recent.delete(key);
  recent.set(key, earlier ?? pair);
  for (const oldest of recent.keys()) {
    if (recent.size <= KEEP) break;
    recent.delete(oldest);
  }
  return earlier ?? pair;
}

/**
 * Prism's reader gives each schema it reads an `x-stoplight` id, random per reading, so two operations'
 * copies differ there alone; Ajv ignores the keyword (unknown keywords are allowed), so it is no content.
 */
function unvalidated(key: string, value: unknown): unknown {
  return key === 'x-stoplight' ? undefined : value;
}
