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
    return re2js.compile(re2js.translateRegExp(ecmaSpaces(pattern)));
  } catch {
    return undefined;
  }
}

/**
 * ECMA-262's `\s` (a JSON Schema pattern's): RE2's is `[\t\n\f\r ]` alone, which refused a vertical tab,
 * a no-break space or a line separator that the pattern allows. Written out as its characters; `\S`
 * outside a class as their complement (inside one it stays RE2's, which cannot negate a part of a class).
 */
const ECMA_SPACES = '\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

export function ecmaSpaces(pattern: string): string {
  if (!/\\[sS]/.test(pattern)) return pattern;
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] as string;
    if (char === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1] as string;
      i += 1;
      if (next === 's' && inClass && pattern[i + 1] === '-') {
        // `[\s-z]`: the dash is a character, not a range from the last space.
        out += `${ECMA_SPACES}\\-`;
        i += 1;
      } else if (next === 's') out += inClass ? ECMA_SPACES : `[${ECMA_SPACES}]`;
      else if (next === 'S' && !inClass) out += `[^${ECMA_SPACES}]`;
      else out += char + next;
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out;
}
