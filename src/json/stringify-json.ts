import { stringify } from 'lossless-json';
import { LongInteger } from './long-integer.js';

/** JSON text of a value; bigints (exact int64 values echoed from a request) and long integers keep every digit. */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return stringify(value, null, undefined, NUMBERS) ?? 'null';
  }
}

const NUMBERS = [
  { test: (v: unknown) => typeof v === 'bigint', stringify: (v: unknown) => String(v) },
  { test: (v: unknown) => v instanceof LongInteger, stringify: (v: unknown) => (v as LongInteger).digits },
];

/** Texts of values made once and shared by many answers (see rememberJsonText). */
const REMEMBERED = new WeakMap<object, string>();

/**
 * Keeps the JSON text of a value that is made once and answered many times: frozen, and never changed
 * below either (a rejection's body, src/answer/rejections.ts). jsonTextOf gives it back.
 */
export function rememberJsonText(value: object): void {
  if (Object.isFrozen(value)) REMEMBERED.set(value, stringifyJson(value));
}

/** stringifyJson, or the text remembered for a value (rememberJsonText): only a frozen value is looked up. */
export function jsonTextOf(value: unknown): string {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return stringifyJson(value);
  return REMEMBERED.get(value) ?? stringifyJson(value);
}
