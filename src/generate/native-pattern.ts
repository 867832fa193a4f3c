import { createContext, Script } from 'node:vm';
import safeRegex from 'safe-regex2';

/**
 * Whether JavaScript's engine runs the pattern in time the input's length bounds well: safe-regex2
 * finds no nested quantifier, and no group of alternatives is repeated. A pattern that passes may
 * still be slow, never exponential.
 */
export function backtracksSafely(native: RegExp, pattern: string): boolean {
  return safeRegex(native) && !repeatsAlternatives(pattern);
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

let sandbox: { readonly context: { regexp?: RegExp; value?: string }; readonly script: Script } | undefined;

/**
 * A pattern test on JavaScript's engine that stops once the pattern's checks together have taken
 * `budgetMs`: after that, and for the check that ran out, it answers false (no match known). For the
 * strings the mock itself draws for a pattern that RE2 cannot run and that may backtrack
 * (`^(a+)+(?=c)b$`): a check runs inside a `vm` context, whose time limit interrupts a backtracking
 * match, where the engine offers no limit of its own.
 */
export function boundedNativeTest(native: RegExp, budgetMs: number): { test(value: string): boolean } {
  let left = budgetMs;
  return {
    test(value) {
      if (left <= 0) return false;
      sandbox ??= { context: createContext(Object.create(null)), script: new Script('regexp.test(value)') };
      const { context, script } = sandbox;
      const started = performance.now();
      context.regexp = native;
      context.value = value;
      try {
        return script.runInContext(context, { timeout: Math.max(1, Math.ceil(left)) }) === true;
      } catch {
        left = 0;
        return false;
      } finally {
        context.regexp = undefined;
        context.value = undefined;
        left -= performance.now() - started;
      }
    },
  };
}
