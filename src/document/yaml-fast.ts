import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';

/**
 * Numbers as the YAML 1.2 core schema writes them, the `yaml` package's reading (its schema/core/int.js
 * and float.js): js-yaml's core schema also reads `0b101`, `1_000`, `-0x1F` and `1_0.5` as numbers,
 * which `yaml` keeps as text. Anything else tagged `!!int` or `!!float` is refused here, so `yaml` reads it.
 */
const INT = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (text: string) => /^[-+]?[0-9]+$|^0o[0-7]+$|^0x[0-9a-fA-F]+$/.test(text),
  construct: (text: string) =>
    text.startsWith('0o') ? parseInt(text.slice(2), 8) : text.startsWith('0x') ? parseInt(text.slice(2), 16) : parseInt(text, 10),
});
const FLOAT = new Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (text: string) =>
    /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$|^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$|^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(
      text,
    ),
  construct: (text: string) =>
    text.slice(-3).toLowerCase() === 'nan'
      ? Number.NaN
      : text.endsWith('inf') || text.endsWith('Inf') || text.endsWith('INF')
        ? text.startsWith('-')
          ? -Infinity
          : Infinity
        : parseFloat(text),
});
const NULL = new Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (text: string) => /^(?:~|[Nn]ull|NULL)?$/.test(text),
  construct: () => null,
});
const BOOL = new Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (text: string) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(text),
  construct: (text: string) => text[0] === 't' || text[0] === 'T',
});
const CORE_1_2 = FAILSAFE_SCHEMA.extend({ implicit: [NULL, BOOL, INT, FLOAT] });

/**
 * A YAML text as js-yaml reads it with the core schema, where that is what the `yaml` package would read
 * too (yaml-parser.ts says why both): undefined for a text with anchors (whose aliases `yaml` bounds
 * against expansion bombs) and for any text js-yaml refuses (duplicate keys, several documents, tags
 * beyond the core schema), which `yaml` then reads or reports in its own words. Apart from yaml-parser.ts
 * so that a worker parsing the document early (early-parse.ts) loads js-yaml alone.
 */
export function fastYaml(text: string): { readonly value: unknown } | undefined {
  if (hasAnchor(text)) return undefined;
  try {
    return { value: load(text, { schema: CORE_1_2 }) };
  } catch {
    return undefined;
  }
}

/**
 * Whether the text has an anchor (`&name`) where a node may start: after a key, an item's dash, a flow
 * bracket or comma, or at a line's start, with spaces or tabs between. What the multiline regular
 * expression /(?:^|[:\-[{,])[ \t]*&[^\s,[\]{}]/m finds, found from each `&` instead: that expression
 * tries every position of the text, a tenth of js-yaml's own time on openai's 2.9 MB document.
 */
export function hasAnchor(text: string): boolean {
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    const next = text[at + 1];
    if (next === undefined || NOT_A_NAME.test(next)) continue;
    let before = at - 1;
    while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before -= 1;
    if (before < 0 || NODE_START.test(text[before] as string)) return true;
  }
  return false;
}

const NOT_A_NAME = /[\s,[\]{}]/;
/** What an anchor may follow: the line terminators where `^` matches in a multiline expression, or a key's colon, a dash, `[`, `{`, `,`. */
const NODE_START = /[\n\r\u2028\u2029:\-[{,]/;
