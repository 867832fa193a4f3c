import type { JsonSchema } from '../json/json-schema.js';

/**
 * The value a schema itself proposes, in the document's words: `default`, `example` (Prism turns a
 * 3.0 `example` into `examples`), the first `examples` entry, `const`, the first `enum` value.
 */
export function documentedValue(schema: JsonSchema): { readonly value: unknown } | undefined {
  if ('default' in schema) return { value: schema.default };
  if ('example' in schema) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}
