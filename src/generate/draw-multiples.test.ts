import { describe, expect, it } from 'vitest';
import { DECIMAL_MULTIPLE, drawMultiples, withDecimalMultiples } from './draw-multiples.js';

const prepared = (schema: Record<string, unknown>) => {
  const out = { ...schema };
  drawMultiples(out);
  return out;
};

describe('multipleOf drawn by the seeded faker', () => {
  it('draws whole multiples between the bounds, exclusive ones stepped over', () => {
    expect(prepared({ type: 'number', multipleOf: 0.25, minimum: 0.1, exclusiveMaximum: true, maximum: 1 }).faker).toEqual({
      [DECIMAL_MULTIPLE]: [{ first: 1, last: 3, step: 0.25, low: 0.1, high: 0.75 }],
    });
    expect(prepared({ type: 'number', multipleOf: 0.5 }).faker).toEqual({
      [DECIMAL_MULTIPLE]: [{ first: -2e8, last: 2e8, step: 0.5, low: -1e8, high: 1e8 }],
    });
  });

  it('draws a whole step from a side left open by ten steps or the default range', () => {
    expect(prepared({ type: 'integer', maximum: -1, multipleOf: 1e9 }).faker).toEqual({
      'number.int': [{ min: -1e10, max: -1e9, multipleOf: 1e9 }],
    });
    expect(prepared({ type: 'integer', multipleOf: 3 }).faker).toEqual({
      'number.int': [{ min: -99999999, max: 99999999, multipleOf: 3 }],
    });
  });

  it('draws any double past 2^53 for a fractional step, since all of them are whole', () => {
    expect(prepared({ type: 'number', minimum: 1e17, maximum: 2e17, multipleOf: 0.5 }).faker).toEqual({
      'number.float': [{ min: 1e17, max: 2e17 }],
    });
  });

  it('draws, for a decimal step, the multiple nearest the one drawn that Ajv reads as a multiple', () => {
    let next = 3;
    const plain = { number: { int: () => next } };
    const faker = withDecimalMultiples(plain);
    expect(withDecimalMultiples(plain)).toBe(faker);
    const draw = (faker as unknown as Record<string, Record<string, (o: object) => number>>).plantstoreMock?.decimalMultiple;
    // 3 / 10 = 0.3 and 3 * 0.1 = 0.30000000000000004: Ajv refuses both (their quotients by 0.1 are not whole).
    expect(draw?.({ first: 0, last: 10, step: 0.1, low: 0, high: 1 })).toBe(0.4);
    next = 10;
    expect(draw?.({ first: 0, last: 10, step: 0.1, low: 0, high: 1 })).toBe(1);
  });

  it('leaves an integer with a fractional step, enums and bounds holding no multiple alone', () => {
    for (const schema of [
      { type: 'integer', multipleOf: 0.5 },
      { type: 'number', multipleOf: 0.5, enum: [1.5] },
      { type: 'number', multipleOf: 0.5, minimum: 0.2, maximum: 0.4 },
      { type: 'number', multipleOf: 2, exclusiveMinimum: true, minimum: 0, maximum: 1 },
    ])
      expect(prepared(schema)).toEqual(schema);
  });
});
