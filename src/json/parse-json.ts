import { parse } from 'lossless-json';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { isLongIntegerLiteral, LongInteger } from './long-integer.js';

export type JsonParseResult =
  | { readonly ok: true; readonly value: unknown; readonly hasBigIntegers: boolean }
  | { readonly ok: false; readonly message: string };

/**
 * Parses JSON without losing integer precision: integral numbers beyond 2^53-1 (also written as
 * `1e19` or `9.2e18`) become exact bigints, everything else a number. Duplicate keys are rejected
 * (their meaning is undefined, RFC 8259 §4) and `__proto__` stays an ordinary own key. Nesting deeper
 * than MAX_JSON_DEPTH and numbers beyond any representation are rejected (RFC 8259 §9 allows limits).
 */
export function parseJson(text: string): JsonParseResult {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return { ok: false, message: `arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels` };
  }
  return parseNative(text) ?? parseLossless(text);
}

/**
 * Text that might hold an integer beyond 2^53: a run of 16 digits or an exponent. A false alarm (inside
 * a string, say) only costs the lossless parse; 15 digits without an exponent always fit.
 */
const MAY_HOLD_BIG_INTEGER = /\d{16}|[\d.][eE]/;

/**
 * The fast path: the engine's JSON.parse, for text that cannot hold big integers, when it gives exactly
 * what the lossless parser would. JSON.parse keeps the last of duplicate keys, so the members written in
 * the text are counted against the keys parsed; a difference leaves the text to the lossless parser,
 * which judges duplicates. Like it, JSON.parse makes `__proto__` an ordinary own key. Malformed text
 * goes the slow way too, so its error message stays the same.
 */
function parseNative(text: string): JsonParseResult | undefined {
  if (MAY_HOLD_BIG_INTEGER.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return countKeys(value) === countMembers(text) ? { ok: true, value, hasBigIntegers: false } : undefined;
}

/**
 * JSON text as the engine parses it, when that is exactly what was written: undefined for malformed
 * text or duplicate keys (JSON.parse silently keeps the last), which a stricter parser should judge.
 */
export function parseJsonExactly(text: string): { readonly value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return countKeys(value) === countMembers(text) ? { value } : undefined;
}

/** Object members written in JSON text: the colons outside strings. */
function countMembers(text: string): number {
  let members = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x3a) members++;
  }
  return members;
}

/** Own keys of every object in a parsed value. */
function countKeys(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += countKeys(item);
    return count;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) count += 1 + countKeys(object[key]);
  return count;
}

/** The lossless parser alone: the reference the fast path must match (tests compare the two). */
export function parseLossless(text: string): JsonParseResult {
  let hasBigIntegers = false;
  const parseNumber = (literal: string): number | bigint | LongInteger => {
    if (isLongIntegerLiteral(literal)) {
      hasBigIntegers = true;
      return new LongInteger(literal);
    }
    const value = Number(literal);
    if (Number.isSafeInteger(value) || (Number.isFinite(value) && !Number.isInteger(value))) return value;
    const exact = exactInteger(literal);
    if (exact === undefined) {
      // Infinity would pass for an integer of any range.
      if (!Number.isFinite(value)) throw new RangeError(`the number ${literal.slice(0, 40)} is too large to represent`);
      return value;
    }
    hasBigIntegers = true;
    return exact;
  };
  try {
    return { ok: true, value: parse(text, null, parseNumber), hasBigIntegers };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** Beyond this many decimal digits a number is no integer any schema format can hold. */
const MAX_SCALE = 1000;

/** The exact integer a JSON number literal denotes, or undefined when it is not integral. */
export function exactInteger(literal: string): bigint | undefined {
  const match = NUMBER.exec(literal);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const scale = Number(exponent) - fraction.length;
  if (scale > MAX_SCALE) return undefined;
  if (scale >= 0) return BigInt(sign + digits) * 10n ** BigInt(scale);
  const kept = digits.slice(0, scale);
  if (!/^0*$/.test(digits.slice(scale))) return undefined;
  return BigInt(sign + (kept === '' ? '0' : kept));
}
