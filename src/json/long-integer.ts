/**
 * An integer literal longer than any schema format holds (more than LONG_INTEGER_DIGITS digits), kept as
 * its text: converting a million digits to a bigint and back costs seconds on every read, text costs a
 * copy. It is written back as the same JSON number (stringifyJson), and validated as the largest finite
 * number of its sign, so a `format` (int32, int64) or a `maximum` rejects it and a bare `integer` keeps it.
 */
export class LongInteger {
  constructor(readonly digits: string) {}

  get negative(): boolean {
    return this.digits.startsWith('-');
  }

  /** JSON.stringify cannot write it as a number: this sends stringifyJson to its lossless writer. */
  toJSON(): never {
    throw new TypeError('a LongInteger is written by stringifyJson');
  }
}

export const LONG_INTEGER_DIGITS = 100;
const LONG_INTEGER = new RegExp(`^-?\\d{${LONG_INTEGER_DIGITS + 1},}$`);

export function isLongIntegerLiteral(literal: string): boolean {
  return literal.length > LONG_INTEGER_DIGITS && LONG_INTEGER.test(literal);
}
