import { createContext, Script } from 'node:vm';
import safeRegex from 'safe-regex2';

/**
 * Whether JavaScript's engine runs the pattern in time the input's length bounds well: safe-regex2
 * finds no nested quantifier, and no group of alternatives is repeated. A pattern that passes may
 * still be slow, never exponential.
 */
export function backtracksSafely(native: RegExp, pattern: string): boolean {
  return safeRegex(native) && !repeatsAlternatives(pattern) && !backtracksPolynomially(pattern);
}

/**
 * Whether two quantifiers may share the characters of a failing match, which safe-regex2 (star
 * height) lets pass: `^(?!b)a*a*a*b$` takes seconds on two thousand `a`s, and a pattern not anchored
 * at its start (`(?!-)\d+x`) retries its quantifier from every position. Safe only when anchored by
 * `^`, with at most one quantifier in the rest and in each lookaround that opens the pattern, and none
 * in a lookaround after a quantifier (it would run at every position the quantifier backtracks to).
 */
function backtracksPolynomially(pattern: string): boolean {
  const counts: number[] = [0];
  const groups: ('look' | 'group')[] = [];
  let main = 0;
  let any = false;
  let inClass = false;
  let alternatives = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    const rest = pattern.slice(i);
    if (char === '\\') {
      const braced = /^\\[pPuk][{<][^}>]*[}>]/.exec(rest);
      i += braced ? braced[0].length - 1 : 1;
    } else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') {
      const look = /^\(\?<?[=!]/.test(rest);
      groups.push(look ? 'look' : 'group');
      // A lookaround after a quantifier, or not among those opening the pattern, may run anywhere.
      if (look) counts.push(main > 0 || i !== openingLookaround(pattern, i) ? 1 : 0);
    } else if (char === ')' && groups.length > 0) {
      if (groups.pop() === 'look') {
        if ((counts.pop() ?? 0) > 1) return true;
      }
    } else if (char === '|' && groups.length === 0) alternatives = true;
    else if (quantifies(pattern, i)) {
      any = true;
      const depth = counts.length - 1;
      counts[depth] = (counts[depth] ?? 0) + 1;
      if (depth === 0) main = counts[0] ?? 0;
      if ((counts[depth] ?? 0) > 1) return true;
      if (char === '{') i = pattern.indexOf('}', i);
    }
  }
  return any && (!pattern.startsWith('^') || alternatives);
}

/** Where the lookarounds opening the pattern (right after `^`, one after another) would put one at `at`. */
function openingLookaround(pattern: string, at: number): number {
  let i = pattern.startsWith('^') ? 1 : 0;
  while (i < at && /^\(\?<?[=!]/.test(pattern.slice(i))) i = closingParen(pattern, i) + 1;
  return i;
}

/** Where the group opened at `open` closes (classes and escapes skipped); the pattern's length when it never does. */
export function closingParen(pattern: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return pattern.length;
}

/** Whether a quantifier that may repeat or skip starts at `i` (`*`, `+`, `?`, `{m,}`, `{m,n}`), not a lazy mark nor `(?`. */
function quantifies(pattern: string, i: number): boolean {
  const char = pattern[i];
  const before = pattern[i - 1];
  if (char === '*' || char === '+') return true;
  if (char === '?') return before !== '(' && before !== '*' && before !== '+' && before !== '?' && before !== '}';
  if (char !== '{') return false;
  const range = /^\{(\d+),(\d*)\}/.exec(pattern.slice(i));
  return range !== null && range[2] !== range[1];
}

/**
 * Whether a group of alternatives is repeated (`(a|a)*`, `(?:ab|a|b){2,}`): safe-regex2 counts only
 * nested quantifiers, yet overlapping alternatives backtrack exponentially on JavaScript's engine.
 */
function repeatsAlternatives(pattern: string): boolean {
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') groups.push(false);
    else if (char === '|' && groups.length > 0) groups[groups.length - 1] = true;
    else if (char === ')' && groups.length > 0) {
      const alternatives = groups.pop() === true;
      if (alternatives && /[*+{]/.test(pattern[i + 1] ?? '')) return true;
      // `((a|a))*`: the inner group's alternatives are repeated with the outer group.
      if (alternatives && groups.length > 0) groups[groups.length - 1] = true;
    }
  }
  return false;
}

/**
 * The document's pattern on JavaScript's engine, with `flags` or else without `u` (documents escape
 * what `u` refuses): as it is where it backtracks safely, else checked within `budgetMs` and then
 * answering `whenOut` (see boundedNativeTest); undefined where it compiles neither way.
 */
export function nativePatternTest(
  pattern: string,
  flags: string,
  budgetMs: number,
  whenOut: boolean,
): RegExp | { test(value: string): boolean } | undefined {
  for (const tried of [flags, flags.replace('u', '')]) {
    let native: RegExp;
    try {
      native = new RegExp(pattern, tried);
    } catch {
      continue;
    }
    return backtracksSafely(native, pattern) ? native : boundedNativeTest(native, budgetMs, whenOut);
  }
  return undefined;
}

let sandbox: { readonly context: { regexp?: RegExp; value?: string }; readonly script: Script } | undefined;

/**
 * A pattern test on JavaScript's engine that stops once the pattern's checks together have taken
 * `budgetMs`: after that, and for the check that ran out, it answers `whenOut` (false: no match known). For the
 * strings the mock itself draws for a pattern that RE2 cannot run and that may backtrack
 * (`^(a+)+(?=c)b$`): a check runs inside a `vm` context, whose time limit interrupts a backtracking
 * match, where the engine offers no limit of its own.
 */
export function boundedNativeTest(native: RegExp, budgetMs: number, whenOut = false): { test(value: string): boolean } {
  let left = budgetMs;
  return {
    test(value) {
      if (left <= 0) return whenOut;
      sandbox ??= { context: createContext(Object.create(null)), script: new Script('regexp.test(value)') };
      const { context, script } = sandbox;
      const started = performance.now();
      context.regexp = native;
      context.value = value;
      try {
        return script.runInContext(context, { timeout: Math.max(1, Math.ceil(left)) }) === true;
      } catch {
        left = 0;
        return whenOut;
      } finally {
        context.regexp = undefined;
        context.value = undefined;
        left -= performance.now() - started;
      }
    },
  };
}
