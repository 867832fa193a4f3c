import { createContext, Script } from 'node:vm';
import { backtracksSafely } from './pattern-safety.js';

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
