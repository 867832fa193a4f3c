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
  // Past a kilobyte, a text of brackets would cost the engine's parser more than the scan that rejects it.
  if (text.length > SCAN_DEPTH_FIRST_ABOVE && nestsDeeperThan(text, MAX_JSON_DEPTH)) return TOO_DEEP;
  const native = parseNative(text);
  if (native !== undefined) return native;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return TOO_DEEP;
  return parseLossless(text);
}

const SCAN_DEPTH_FIRST_ABOVE = 1024;
const TOO_DEEP: JsonParseResult = { ok: false, message: `arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels` };

/**
 * The fast path: the engine's JSON.parse, when it gives exactly what the lossless parser would. That
 * is so when every number parsed is a safe integer or a finite fraction (the lossless parser returns
 * those as the same number; other values, big integers among them, go the slow way) and no key was
 * written twice (JSON.parse keeps the last of duplicate keys: the members written in the text are
 * counted against the keys parsed). Like the lossless parser, JSON.parse makes `__proto__` an
 * ordinary own key. Malformed text goes the slow way too, so its error message stays the same. The
 * engine's parser does not recurse, so depth is judged by the same walk of the parsed value; a value
 * nested too deep goes the slow way, which says so.
 */
function parseNative(text: string): JsonParseResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const keys = plainKeys(value, MAX_JSON_DEPTH);
  return keys !== NOT_PLAIN && writtenOnce(text, keys) ? { ok: true, value, hasBigIntegers: false } : undefined;
}

/**
 * Whether the object members written in the text are exactly the `keys` parsed (no key written twice).
 * Members are at most the colons in the text and at least the keys, so as many colons as keys settles
 * it without reading the text character by character; a colon inside a string (a time, a URL) leaves
 * it to the count that skips strings.
 */
function writtenOnce(text: string, keys: number): boolean {
  let colons = 0;
  for (let at = text.indexOf(':'); at !== -1 && colons <= keys; at = text.indexOf(':', at + 1)) colons++;
  return colons === keys || countMembers(text) === keys;
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

/** Returned by plainKeys for a value the engine's parser may have read otherwise than the lossless one. */
const NOT_PLAIN = -1;

/**
 * Own keys of every object in a parsed value; NOT_PLAIN for a number other than a safe integer or a
 * finite fraction, or for arrays and objects nested deeper than `levels` (never recursing further).
 */
function plainKeys(value: unknown, levels: number): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) || (Number.isFinite(value) && !Number.isInteger(value)) ? 0 : NOT_PLAIN;
  if (value === null || typeof value !== 'object') return 0;
  if (levels === 0) return NOT_PLAIN;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      const inner = plainKeys(item, levels - 1);
      if (inner === NOT_PLAIN) return NOT_PLAIN;
      count += inner;
    }
    return count;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const inner = plainKeys(object[key], levels - 1);
    if (inner === NOT_PLAIN) return NOT_PLAIN;
    count += 1 + inner;
  }
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
