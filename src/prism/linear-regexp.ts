import { createRequire } from 'node:module';
import safeRegex from 'safe-regex2';

const load = createRequire(import.meta.url);

/** What Ajv asks of a pattern engine (its `code.regExp` option): a compiled pattern with `test`. */
export interface PatternEngine {
  (pattern: string, flags: string): { test(input: string): boolean; toString(): string };
  /** Ajv's name for the function in standalone code; the mock never generates standalone code. */
  readonly code: string;
}

type Re2 = { matcher(input: string): { find(): boolean } };
type Re2Js = { RE2JS: { compile(pattern: string): Re2; translateRegExp(pattern: string): string } };
let re2js: Re2Js['RE2JS'] | undefined;

/** The patterns no engine here can check in bounded time, for the operator (see docs/openapi-support.md). */
export const UNCHECKED_PATTERNS = new Set<string>();

/**
 * The engine of the document's `pattern`s and `patternProperties` on client input: RE2's linear-time
 * automaton (re2js, loaded on the first pattern), so no input can make a check backtrack. A pattern RE2
 * cannot run (lookaround, backreferences) falls back to JavaScript's engine when safe-regex2 finds no
 * nested quantifier in it; otherwise it is not enforced (listed in UNCHECKED_PATTERNS), since no
 * bounded check exists for it.
 */
export const linearRegExp: PatternEngine = Object.assign(
  (pattern: string, flags: string) => {
    const key = `/${pattern}/${flags}`;
    const re2 = compileRe2(pattern);
    if (re2) return { test: (input: string) => re2.matcher(input).find(), toString: () => key };
    const native = new RegExp(pattern, flags);
    if (safeRegex(native)) return native;
    UNCHECKED_PATTERNS.add(pattern);
    return { test: () => true, toString: () => `${key}unchecked` };
  },
  { code: 'linearRegExp' },
);

function compileRe2(pattern: string): Re2 | undefined {
  re2js ??= (load('re2js') as Re2Js).RE2JS;
  try {
    return re2js.compile(re2js.translateRegExp(pattern));
  } catch {
    return undefined;
  }
}
