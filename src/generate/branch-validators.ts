import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../json/json-schema.js';
import { nativePatternTest } from './native-pattern.js';
import { compileRe2 } from './re2-pattern.js';

const load = createRequire(import.meta.url);

/** A check of a value against the schema at one JSON pointer of a root schema; undefined where it cannot be compiled. */
export type SchemaCheck = (value: unknown) => boolean;

/**
 * Checks of values against the sub-schemas of one self-contained schema (its `#/…` references,
 * Prism's `#/__bundled__/…` ones included, resolved in it), each compiled on first use and kept: a
 * generated value is judged against every branch of a `oneOf` it sits under. Ajv, with formats; a
 * pattern runs on RE2 where it can, else on JavaScript's engine with or without the `u` flag, else
 * it passes every string (a branch is then rather taken to match than not). A sub-schema Ajv cannot
 * compile (OpenAPI 3.0's `nullable` without a `type`, say) gets no check.
 */
export function branchValidators(root: JsonSchema): (pointer: string) => SchemaCheck | undefined {
  let ajv: Ajv | undefined;
  const compiled = new Map<string, SchemaCheck | undefined>();
  return (pointer) => {
    if (compiled.has(pointer)) return compiled.get(pointer);
    let check: SchemaCheck | undefined;
    try {
      ajv ??= rootAjv(root);
      const validate: ValidateFunction = ajv.compile({ $ref: `root#${pointer}` });
      check = (value) => validate(value) === true;
    } catch {
      check = undefined;
    }
    compiled.set(pointer, check);
    return check;
  };
}

function rootAjv(root: JsonSchema): Ajv {
  const ajv = new Ajv({ strict: false, validateSchema: false, logger: false, code: { regExp: documentPattern } });
  (load('ajv-formats') as (ajv: Ajv) => void)(ajv);
  // `$id`s inside would move where references resolve; the document's pointers are meant from its root.
  ajv.addSchema(withoutIds(root) as object, 'root');
  return ajv;
}

function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).flatMap(([key, value]) => (key === '$id' ? [] : [[key, withoutIds(value)]])));
}

/** The time all checks of one lookaround pattern that could backtrack may take, for as long as its validator lives. */
const PATTERN_BUDGET_MS = 250;

const documentPattern = Object.assign(
  (pattern: string, flags: string): { test(input: string): boolean; toString(): string } => {
    const re2 = compileRe2(pattern);
    if (re2) return { test: (input) => re2.matcher(input).find(), toString: () => pattern };
    // It could backtrack on a value drawn for another branch: checked within a budget, then passed.
    const native = nativePatternTest(pattern, flags, PATTERN_BUDGET_MS, true);
    if (native instanceof RegExp) return native;
    if (native !== undefined) return { test: (input) => native.test(input), toString: () => pattern };
    return { test: () => true, toString: () => pattern };
  },
  { code: 'documentPattern' },
);

/** A JSON pointer token, as a URI fragment holds it. */
export function pointerToken(key: string): string {
  return encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'));
}
