/**
 * The YAML parser the reference parser reads the document and every YAML file it references with.
 * Prism's reader parses YAML with Stoplight's YAML parser, which assigns each key of a mapping: a property
 * named `__proto__` became the object's prototype instead of a property, so its schema was lost (or,
 * with a self-reference, made the reference walk recurse without end). The `yaml` package, which
 * load-spec.ts reads the document with too, keeps every key an own data property.
 */
import { parse } from 'yaml';
import { fastYaml } from './yaml-fast.js';

/**
 * A YAML text as the `yaml` package parses it (YAML 1.2 core schema, every key an own data property,
 * `<<` a plain key), read first by js-yaml, ten times faster on a large document (openai's 2.9 MB: ~0.5 s
 * against ~5 s, the same value). js-yaml takes only what both read alike: a text with anchors (whose
 * aliases `yaml` bounds against expansion bombs) goes to `yaml`, as does any text js-yaml refuses
 * (duplicate keys, several documents, tags beyond the core schema), which `yaml` then reads or reports
 * in its own words.
 */
export function parseYaml(text: string, options: { uniqueKeys: boolean; prettyErrors?: boolean; maxAliasCount?: number }): unknown {
  const fast = fastYaml(text);
  return fast ? fast.value : parse(text, { ...options, merge: false });
}

/** A parser in the form json-schema-ref-parser's `parse` option takes (same order and files as its own). */
export const yamlParser = {
  order: 200,
  allowEmpty: true,
  canParse: ['.yaml', '.yml', '.json'],
  // Settings of the parser it replaces: duplicate keys and merge keys (`<<`) are not refused nor merged.
  parse(file: { data: unknown }): unknown {
    const data = file.data instanceof Uint8Array ? new TextDecoder().decode(file.data) : file.data;
    if (typeof data !== 'string') return data;
    return parseYaml(data, { uniqueKeys: false });
  },
};
