import { describe, expect, it } from 'vitest';
import { closeLoneFarBound, narrowExclusiveBounds } from './exclusive-bounds.js';

const narrowed = (schema: Record<string, unknown>) => {
  const out = { ...schema };
  narrowExclusiveBounds(out);
  return out;
};

describe('exclusive bounds made inclusive for the faker', () => {
  it('moves fractional bounds less than 2 apart in by a quarter of the span', () => {
    expect(narrowed({ type: 'number', minimum: 0, maximum: 1, exclusiveMinimum: true, exclusiveMaximum: true })).toEqual({
      type: 'number',
      minimum: 0.25,
      maximum: 0.75,
    });
  });

  it('leaves integer bounds a step of 1 moves to the faker', () => {
    const schema = { type: 'integer', minimum: 1, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: true };
    expect(narrowed(schema)).toEqual(schema);
  });

  it('moves a huge bound a step of 1 cannot move to the nearest double inside it', () => {
    expect(narrowed({ type: 'number', minimum: 1e17, maximum: 1e17 + 64, exclusiveMinimum: true, exclusiveMaximum: true })).toEqual({
      type: 'number',
      minimum: 1e17 + 16,
      maximum: 1e17 + 48,
    });
    expect(narrowed({ type: 'integer', minimum: 1e17, exclusiveMinimum: true })).toEqual({ type: 'integer', minimum: 1e17 + 16 });
    expect(narrowed({ type: 'integer', maximum: -(2 ** 60), exclusiveMaximum: true })).toEqual({
      type: 'integer',
      maximum: -(2 ** 60) - 256,
    });
  });

  it('moves a huge bound a step of multipleOf cannot move to a value Ajv reads as a multiple', () => {
    const out = narrowed({ type: 'number', multipleOf: 3, minimum: 1e17, exclusiveMinimum: true });
    expect(out.exclusiveMinimum).toBeUndefined();
    expect(out.minimum as number).toBeGreaterThan(1e17);
    expect(Number.isInteger((out.minimum as number) / 3)).toBe(true);
  });
});

describe('a far bound given alone', () => {
  const closed = (schema: Record<string, unknown>) => {
    const out = { ...schema };
    closeLoneFarBound(out);
    return out;
  };

  it('gets its other side, moved out by its own size', () => {
    expect(closed({ type: 'number', minimum: 1e17 })).toEqual({ type: 'number', minimum: 1e17, maximum: 2e17 });
    expect(closed({ type: 'integer', maximum: -1e9 })).toEqual({ type: 'integer', maximum: -1e9, minimum: -2e9 });
  });

  it('is left to the faker where its default range holds it', () => {
    for (const schema of [
      { type: 'number', minimum: 5 },
      { type: 'number', maximum: -5 },
      { type: 'string', minimum: 1e17 },
    ])
      expect(closed(schema)).toEqual(schema);
  });
});
