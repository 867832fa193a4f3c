import { stringify } from 'lossless-json';

/** JSON text of a value; bigints (exact int64 values echoed from a request) keep every digit. */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return stringify(value, null, undefined, [{ test: (v) => typeof v === 'bigint', stringify: (v) => String(v) }]) ?? 'null';
  }
}
