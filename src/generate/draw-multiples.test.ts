import { describe, expect, it } from 'vitest';
import { drawMultiples } from './draw-multiples.js';

const prepared = (schema: Record<string, unknown>) => {
  const out = { ...schema };
  drawMultiples(out);
  return out;
};

describe('multipleOf drawn by the seeded faker', () => {
  it('draws whole multiples between the bounds, exclusive ones stepped over', () => {
    expect(prepared({ type: 'number', multipleOf: 0.25, minimum: 0.1, exclusiveMaximum: true, maximum: 1 }).faker).toEqual({
      'number.float': [{ min: 0.25, max: 0.75, multipleOf: 0.25 }],
    });
    expect(prepared({ type: 'number', multipleOf: 0.5 }).faker).toEqual({
      'number.float': [{ min: -1e8, max: 1e8, multipleOf: 0.5 }],
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
