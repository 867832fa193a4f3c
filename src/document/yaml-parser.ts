/**
 * The YAML parser the reference parser reads the document and every YAML file it references with.
 * Prism's reader parses YAML with Stoplight's YAML parser, which assigns each key of a mapping: a property
 * named `__proto__` became the object's prototype instead of a property, so its schema was lost (or,
 * with a self-reference, made the reference walk recurse without end). The `yaml` package, which
 * load-spec.ts reads the document with too, keeps every key an own data property.
 */
import { parse } from 'yaml';

/** A parser in the form json-schema-ref-parser's `parse` option takes (same order and files as its own). */
export const yamlParser = {
  order: 200,
  allowEmpty: true,
  canParse: ['.yaml', '.yml', '.json'],
  // Settings of the parser it replaces: duplicate keys and merge keys (`<<`) are not refused nor merged.
  parse(file: { data: unknown }): unknown {
    const data = file.data instanceof Uint8Array ? new TextDecoder().decode(file.data) : file.data;
    if (typeof data !== 'string') return data;
    return parse(data, { uniqueKeys: false, merge: false });
  },
};
