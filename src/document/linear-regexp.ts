import { standardPattern } from '../generate/java-classes.js';
import { backtracksSafely, closingParen } from '../generate/pattern-safety.js';
import { compileRe2, type Re2 } from '../generate/re2-pattern.js';
import { escapeToken } from '../json/json-pointer.js';

/** What Ajv asks of a pattern engine (its `code.regExp` option): a compiled pattern with `test`. */
export interface PatternEngine {
  (pattern: string, flags: string): { test(input: string): boolean; toString(): string };
  /** Ajv's name for the function in standalone code; the mock never generates standalone code. */
  readonly code: string;
}

/**
 * How a pattern runs on client input: `linear` on RE2; `native` on JavaScript's engine (RE2 cannot run
 * it, but it backtracks safely: see backtracksSafely); `loose` on RE2 without its lookarounds and with its
 * backreferences read as any text, so it rejects only what the pattern surely rejects; `unchecked`
 * when not even that compiles.
 */
export type PatternCheck = 'linear' | 'native' | 'loose' | 'unchecked';

/**
 * The engine of the document's `pattern`s and `patternProperties` on client input: RE2's linear-time
 * automaton (re2js, loaded on the first pattern), so no input can make a check backtrack. A pattern RE2
 * cannot run (lookaround, backreferences) falls back to JavaScript's engine when it backtracks safely
 * (no nested quantifier, anchored, no two quantifiers sharing a match), and otherwise to the bounded loose check (see PatternCheck); the document's
 * lint names each such pattern (patternFindings).
 */
export const linearRegExp: PatternEngine = Object.assign(
  (pattern: string, flags: string) => {
    const key = `/${pattern}/${flags}`;
    const plan = planPattern(pattern, flags);
    if (plan.check === 'native') return new RegExp(pattern, flags);
    const re2 = plan.re2;
    if (re2)
      return { test: (input: string) => re2.matcher(input).find(), toString: () => `${key}${plan.check === 'loose' ? 'loose' : ''}` };
    return { test: () => true, toString: () => `${key}unchecked` };
  },
  { code: 'linearRegExp' },
);

/**
 * The engine of the document's patterns: linearRegExp on the pattern with Java's character classes
 * written as standard ones (java-classes.ts), once per compile. A scenario's regex is JavaScript's own
 * and runs on linearRegExp as written.
 */
export const documentRegExp: PatternEngine = Object.assign(
  (pattern: string, flags: string) => linearRegExp(standardPattern(pattern), flags),
  { code: 'documentRegExp' },
);

/** How `pattern` is checked (see PatternCheck). */
export function patternCheck(pattern: string): PatternCheck {
  return planPattern(pattern, 'u').check;
}

function planPattern(pattern: string, flags: string): { check: PatternCheck; re2?: Re2 | undefined } {
  const re2 = compileRe2(pattern);
  if (re2) return { check: 'linear', re2 };
  let native: RegExp;
  try {
    native = new RegExp(pattern, flags);
  } catch {
    return { check: 'unchecked' };
  }
  if (backtracksSafely(native, pattern)) return { check: 'native' };
  const loose = compileRe2(loosened(pattern));
  return loose ? { check: 'loose', re2: loose } : { check: 'unchecked' };
}

/**
 * The pattern without what RE2 lacks, matching at least what the pattern matches: lookarounds dropped
 * (each only narrows a match), backreferences (`\1`, `\k<name>`) read as any text.
 */
export function loosened(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) {
        out += '(?:[\\s\\S]*)';
        while (/\d/.test(pattern[i + 1] ?? '')) i++;
        continue;
      }
      const named = inClass ? null : /^k<[^>]+>/.exec(pattern.slice(i + 1));
      if (named) {
        out += '(?:[\\s\\S]*)';
        i += named[0].length;
        continue;
      }
      out += char + next;
      i++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      out += char;
      continue;
    }
    if (char === '[') inClass = true;
    if (char === '(' && /^\?<?[=!]/.test(pattern.slice(i + 1, i + 4))) {
      i = closingParen(pattern, i);
      // A quantifier on the dropped group would have nothing to repeat.
      if (/[*+?{]/.test(pattern[i + 1] ?? '')) i = skipQuantifier(pattern, i + 1);
      continue;
    }
    out += char;
  }
  return out;
}

function skipQuantifier(pattern: string, at: number): number {
  const brace = pattern[at] === '{' ? pattern.indexOf('}', at) : at;
  const end = brace === -1 ? at : brace;
  return pattern[end + 1] === '?' ? end + 1 : end;
}

/** A pattern of the document that the linear engine cannot run as written, with where it is. */
export interface PatternFinding {
  readonly pointer: string;
  readonly pattern: string;
  readonly check: 'loose' | 'unchecked';
}

/** Keys whose values are data, not schemas: their `pattern` members are no patterns. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-examples']);
/** Most findings reported for one document, and most nodes looked at: a huge document stays cheap. */
const MOST_FINDINGS = 100;
const MOST_NODES = 1_000_000;

/** A `pattern` of the document, or a `patternProperties` key, with where it is. */
export interface DocumentPattern {
  readonly pointer: string;
  readonly pattern: string;
}

/**
 * The document's `pattern`s and `patternProperties` keys, by JSON pointer, as the document is now: the
 * reference parser later changes it in place (and may make it cyclic), so they are found at load and
 * judged after start-up (patternFindings).
 */
export function documentPatterns(document: unknown): DocumentPattern[] {
  const found: DocumentPattern[] = [];
  const stack: [unknown, string][] = [[document, '']];
  let nodes = 0;
  while (stack.length > 0 && nodes++ < MOST_NODES) {
    const [node, pointer] = stack.pop() as [unknown, string];
    if (node === null || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapeToken(key)}`;
      if (key === 'pattern' && typeof value === 'string') found.push({ pattern: value, pointer: at });
      else if (key === 'patternProperties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const name of Object.keys(value)) found.push({ pattern: name, pointer: `${at}/${escapeToken(name)}` });
      }
      if (!DATA_KEYS.has(key)) stack.push([value, at]);
    }
  }
  return found;
}

/** Of the document's patterns, those that run loosely or not at all. */
export function patternFindings(patterns: readonly DocumentPattern[]): PatternFinding[] {
  const found: PatternFinding[] = [];
  const seen = new Map<string, PatternCheck>();
  for (const { pattern, pointer } of patterns) {
    if (found.length >= MOST_FINDINGS) break;
    let check = seen.get(pattern);
    if (check === undefined) {
      check = patternCheck(standardPattern(pattern));
      seen.set(pattern, check);
    }
    if (check === 'loose' || check === 'unchecked') found.push({ pointer, pattern, check });
  }
  return found;
}
