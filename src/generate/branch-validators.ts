import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../json/json-schema.js';
import { standardPattern } from './java-classes.js';
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
      check = (value) => {
        try {
          return validate(value) === true;
        } catch {
          // A reference compiled halfway by a failed compile (see below) throws: the branch is taken to match.
          return true;
        }
      };
    } catch {
      // Ajv keeps what a failed compile left of the references it met, which later compiles would call
      // uncompiled; the next pointer gets a fresh instance.
      ajv = undefined;
      check = undefined;
    }
    compiled.set(pointer, check);
    return check;
  };
}

function rootAjv(root: JsonSchema): Ajv {
  const ajv = new (ajvClass(root.$schema))({ strict: false, validateSchema: false, logger: false, code: { regExp: documentPattern } });
  (load('ajv-formats') as (ajv: Ajv) => void)(ajv);
  // `$id`s inside would move where references resolve; the document's pointers are meant from its root.
  ajv.addSchema(withoutIds(root) as object, 'root');
  return ajv;
}

/**
 * Ajv of the schema's dialect: an OpenAPI 3.1 document's schemas name 2020-12 (schema-dialects.ts), and
 * a branch's `prefixItems` or `unevaluatedProperties` judge it as they judge the answer. The other
 * drafts' classes load on first use.
 */
function ajvClass(dialect: unknown): typeof Ajv {
  const draft = typeof dialect === 'string' ? /json-schema\.org\/draft\/(2019-09|2020-12)\/schema/.exec(dialect)?.[1] : undefined;
  if (draft === undefined) return Ajv;
  const module = load(draft === '2020-12' ? 'ajv/dist/2020' : 'ajv/dist/2019') as { default: typeof Ajv };
  return module.default;
}

/**
 * The schema without its `$id`s, copied only along the paths that lead to one: the Ajv of each schema
 * with a `oneOf` lives as long as the schema, and a whole copy of a schema carrying a large operation's
 * `__bundled__` would be held beside the schema itself, for each such schema.
 */
export function withoutIds(node: unknown, done = new Map<object, unknown>()): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (done.has(node)) return done.get(node);
  // A cycle (none in a decycled schema) is cut here, as it is.
  done.set(node, node);
  let changed = false;
  const each = (value: unknown) => {
    const made = withoutIds(value, done);
    if (made !== value) changed = true;
    return made;
  };
  let result: unknown;
  if (Array.isArray(node)) result = node.map(each);
  else {
    const entries = Object.entries(node).flatMap(([key, value]) => (key === '$id' ? [] : [[key, each(value)] as const]));
    if ('$id' in node) changed = true;
    result = Object.fromEntries(entries);
  }
  const kept = changed ? result : node;
  done.set(node, kept);
  return kept;
}

/** The time all checks of one lookaround pattern that could backtrack may take, for as long as its validator lives. */
const PATTERN_BUDGET_MS = 250;

const documentPattern = Object.assign(
  (written: string, flags: string): { test(input: string): boolean; toString(): string } => {
    const pattern = standardPattern(written);
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
