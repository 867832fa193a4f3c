import { FAKER_RANGE } from './exclusive-bounds.js';

type Schema = Record<string, unknown>;

/** Past this, every double is a whole number: a multiple of any fractional step whose division Ajv checks. */
const WHOLE_DOUBLES = 2 ** 53;

/**
 * A number with `multipleOf` drawn by the seeded faker as a whole multiple between its bounds. The
 * schema faker's own path for a fractional step draws with `Math.random` (a seed does not repeat it),
 * adds a fraction that is a multiple only for steps like 0.1 (`multipleOf: 0.5` gave 44064899.4), and
 * answers a string in exponent form when that fraction comes out whole; for a whole step it rounds
 * its default range (-1e8 to 1e8) to multiples, so `maximum: -1, multipleOf: 1e9` came out NaN
 * (answered as null). A side the schema leaves open reaches as far as ten steps or that range.
 */
export function drawMultiples(out: Schema): void {
  const step = out.multipleOf;
  if (typeof step !== 'number' || !(step > 0) || !Number.isFinite(step) || 'enum' in out || 'const' in out) return;
  const types = [out.type].flat();
  const integer = types.includes('integer');
  // An integer's fractional step asks for common multiples; the schema faker is left to it.
  if ((!integer && !types.includes('number')) || (integer && !Number.isInteger(step))) return;
  const reach = Math.max(FAKER_RANGE, 10 * step);
  const { minimum, maximum } = out;
  let low = typeof minimum === 'number' ? minimum : Math.min(-reach, (typeof maximum === 'number' ? maximum : 0) - reach);
  let high = typeof maximum === 'number' ? maximum : Math.max(reach, low + reach);
  if (out.exclusiveMinimum === true) low += step;
  if (out.exclusiveMaximum === true) high -= step;
  if (!(low <= high)) return;
  let first = Math.ceil(low / step);
  let last = Math.floor(high / step);
  if (Number.isSafeInteger(first) && !Number.isSafeInteger(last)) last = first + FAKER_RANGE;
  else if (!Number.isSafeInteger(first) && Number.isSafeInteger(last)) first = last - FAKER_RANGE;
  else if (!Number.isSafeInteger(first)) {
    if (Number.isInteger(step) || Math.min(Math.abs(low), Math.abs(high)) < WHOLE_DOUBLES || low * high < 0) return;
    out.faker = { 'number.float': [{ min: low, max: high }] };
    return;
  }
  // No multiple inside: the schema asks for what cannot be; the schema faker is left to it.
  if (first > last) return;
  out.faker = Number.isInteger(step)
    ? { 'number.int': [{ min: first * step, max: last * step, multipleOf: step }] }
    : { [DECIMAL_MULTIPLE]: [{ first, last, step, low, high }] };
}

/**
 * The faker method (see withDecimalMultiples) that draws a multiple of a fractional step. The faker's
 * own number.float answers k / (1 / step), the double nearest the multiple, which Ajv often refuses:
 * it divides in doubles and wants a whole quotient (0.3 / 0.1 is 2.9999999999999996).
 */
export const DECIMAL_MULTIPLE = 'plantstoreMock.decimalMultiple';

/** What DECIMAL_MULTIPLE is given: the multiples first..last of `step`, each inside low..high. */
export interface DecimalMultiple {
  readonly first: number;
  readonly last: number;
  readonly step: number;
  readonly low: number;
  readonly high: number;
}

/** Multiples tried on either side of the one drawn before the faker's own answer is taken. */
const NEAR_MULTIPLES = 64;

/**
 * A faker (as json-schema-faker calls it, by a dotted path) that also draws DECIMAL_MULTIPLE: the k-th
 * multiple for a k drawn by the seeded faker, or the nearest k whose multiple, written as k * step or
 * k / (1 / step), Ajv reads as a multiple and that lies between the bounds.
 */
export function withDecimalMultiples<T extends { number: { int(options: { min: number; max: number }): number } }>(faker: T): T {
  const known = EXTENDED.get(faker);
  if (known !== undefined) return known as T;
  const [namespace, method] = DECIMAL_MULTIPLE.split('.') as [string, string];
  const methods = {
    [method]: ({ first, last, step, low, high }: DecimalMultiple): number => {
      const drawn = faker.number.int({ min: first, max: last });
      for (let distance = 0; distance <= NEAR_MULTIPLES; distance += 1) {
        for (const k of distance === 0 ? [drawn] : [drawn + distance, drawn - distance]) {
          if (k < first || k > last) continue;
          for (const value of [k / (1 / step), k * step]) {
            if (value >= low && value <= high && Number.isInteger(value / step)) return value;
          }
        }
      }
      return drawn / (1 / step);
    },
  };
  const extended = Object.create(faker, { [namespace]: { value: methods } }) as T;
  EXTENDED.set(faker, extended);
  return extended;
}

/** Each generator's faker, extended once (withDecimalMultiples). */
const EXTENDED = new WeakMap<object, object>();
