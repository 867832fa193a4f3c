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
