import type { MockOperation } from '../openapi/operation.js';
import { compileTemplate, type PathPattern } from '../openapi/path-template.js';

/** An operation a template routes to, with its own names for the template's parameters. */
interface Named {
  readonly operation: MockOperation;
  readonly names: readonly string[];
}

/**
 * The pattern of a template whose parameters touch (`/{pageName}{mediaTypeExtension}`), made on its
 * first match: a parameter every operation of the template closes with an `enum` (or `const`) is
 * matched to those values first (healthcare.gov's `.json`), so `/fern.json` is `fern` and `.json`,
 * not `fern.jso` and `n`. `open` is the template's pattern read without enums (its `source` names the
 * route). Made late because reading the parameters reads the operation from the document.
 */
export function closedFirstPattern(path: string, open: PathPattern, routed: () => readonly Named[]): PathPattern {
  let pattern: PathPattern | undefined;
  const made = () => {
    pattern ??= compileTemplate(path, (index) => closedValues(routed(), index)).pattern;
    return pattern;
  };
  return { source: open.source, exec: (sent) => made().exec(sent) };
}

function closedValues(routed: readonly Named[], index: number): readonly string[] | undefined {
  const values = new Set<string>();
  for (const { operation, names } of routed) {
    const schema = operation.parameters?.find((p) => p.in === 'path' && p.name === names[index])?.schema;
    const listed = schema && 'const' in schema ? [schema.const] : schema?.enum;
    if (!Array.isArray(listed) || listed.length === 0) return undefined;
    for (const value of listed) {
      if (!['string', 'number', 'boolean'].includes(typeof value)) return undefined;
      values.add(String(value));
    }
  }
  // Longest first: where `.json` and `.js` are both allowed, `/a.json` is `a` and `.json`.
  return [...values].sort((a, b) => b.length - a.length);
}
