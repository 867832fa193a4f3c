type Schema = Record<string, unknown>;

/** Doubles tried past a huge exclusive bound for one Ajv reads as a multiple of `multipleOf`. */
const MULTIPLE_TRIES = 64;

/**
 * Exclusive bounds made inclusive where the faker would step over them wrongly. It moves an exclusive
 * bound in by 1 (or `multipleOf`), as for integers: a fractional number between bounds less than 2
 * apart (zalando's `taxRate`, above 0 and below 1) came out NaN, answered as null; such bounds are
 * moved in by a quarter of the span (at most 1). Past 2^53 a step of 1 is lost in rounding
 * (1e17 + 1 === 1e17) and the faker answered the bound itself: there the bound becomes the nearest
 * double inside it.
 */
export function narrowExclusiveBounds(out: Schema): void {
  const types = [out.type].flat();
  const multipleOf = typeof out.multipleOf === 'number' && out.multipleOf > 0 ? out.multipleOf : undefined;
  const { minimum: min, maximum: max } = out;
  const fractional =
    types.includes('number') &&
    !types.includes('integer') &&
    out.multipleOf === undefined &&
    typeof min === 'number' &&
    typeof max === 'number' &&
    max > min;
  const step = fractional ? Math.min(1, (max - min) / 4) : (multipleOf ?? 1);
  if (out.exclusiveMinimum === true && typeof min === 'number' && (fractional || !(min + step > min))) {
    out.minimum = inside(min, step, 1, multipleOf);
    delete out.exclusiveMinimum;
  }
  if (out.exclusiveMaximum === true && typeof max === 'number' && (fractional || !(max - step < max))) {
    out.maximum = inside(max, step, -1, multipleOf);
    delete out.exclusiveMaximum;
  }
}

/** json-schema-faker's default range for a number, -1e8 to 1e8 (its MIN_INTEGER, MAX_INTEGER). */
export const FAKER_RANGE = 1e8;

/**
 * A far bound given alone gets its other side. The faker draws between the bound and its default
 * (-1e8 below, 2^53 - 1 above); a maximum under -1e8 came out above it, a minimum past 2^53 as NaN
 * (answered as null). The other side is the bound moved out by its own size (at least 1e8), or the
 * bound itself where that leaves the doubles.
 */
export function closeLoneFarBound(out: Schema): void {
  const types = [out.type].flat();
  if (!types.includes('number') && !types.includes('integer')) return;
  const { minimum: min, maximum: max } = out;
  if (typeof max === 'number' && min === undefined && max < -FAKER_RANGE) out.minimum = outside(max, -1);
  else if (typeof min === 'number' && max === undefined && min > Number.MAX_SAFE_INTEGER) out.maximum = outside(min, 1);
}

function outside(bound: number, direction: 1 | -1): number {
  const other = bound + direction * Math.max(FAKER_RANGE, Math.abs(bound));
  return Number.isFinite(other) ? other : bound;
}

/** The bound moved `step` inwards (`direction` 1 past a minimum, -1 below a maximum), or to the nearest double that lies inside. */
function inside(bound: number, step: number, direction: 1 | -1, multipleOf: number | undefined): number {
  const moved = bound + direction * step;
  if ((moved - bound) * direction > 0) return moved;
  const first = nextDouble(bound, direction);
  if (multipleOf === undefined) return first;
  // Ajv judges `multipleOf` by whether value / multipleOf is an integer.
  for (let i = 0, next = first; i < MULTIPLE_TRIES; i += 1, next = nextDouble(next, direction)) {
    if (Number.isInteger(next / multipleOf)) return next;
  }
  return first;
}

function nextDouble(value: number, direction: 1 | -1): number {
  if (!Number.isFinite(value)) return value;
  if (value === 0) return direction * Number.MIN_VALUE;
  const bits = new BigInt64Array(new Float64Array([value]).buffer);
  bits[0] = (bits[0] as bigint) + (value > 0 === direction > 0 ? 1n : -1n);
  return new Float64Array(bits.buffer)[0] as number;
}
