import type { JsonSchema } from '../json/json-schema.js';

/**
 * `make` run once per schema and bundle, its result kept while the schema lives: a schema's check is
 * asked for by several stages (own links, opaque bodies, identifiers, route twins), which share one
 * rather than each keeping its own cache. A schema met with another bundle is made anew.
 */
export function perSchema<T>(make: (schema: JsonSchema, bundle: unknown) => T): (schema: JsonSchema, bundle: unknown) => T {
  const made = new WeakMap<JsonSchema, { readonly bundle: unknown; readonly value: T }>();
  return (schema, bundle) => {
    const known = made.get(schema);
    if (known !== undefined && known.bundle === bundle) return known.value;
    const value = make(schema, bundle);
    made.set(schema, { bundle, value });
    return value;
  };
}
