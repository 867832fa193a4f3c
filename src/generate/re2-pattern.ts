import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export type Re2 = { matcher(input: string): Re2Matcher };
/** re2js's matcher: `find` anywhere, `lookingAt` from the start; `group(i)` after a match (null for a group left out). */
export type Re2Matcher = { find(): boolean; lookingAt(): boolean; group(index: number): string | null; groupCount(): number };
type Re2Js = { RE2JS: { compile(pattern: string): Re2; translateRegExp(pattern: string): string } };
let re2js: Re2Js['RE2JS'] | undefined;

/**
 * The pattern on RE2's linear-time automaton (re2js, loaded on the first pattern), which no input can
 * make backtrack; undefined where RE2 cannot run it (lookaround, backreferences).
 */
export function compileRe2(pattern: string): Re2 | undefined {
  re2js ??= (load('re2js') as Re2Js).RE2JS;
  try {
    return re2js.compile(re2js.translateRegExp(pattern));
  } catch {
    return undefined;
  }
}
