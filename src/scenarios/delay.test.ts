import { generateMersenne53Randomizer } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { compileDelay, MAX_DELAY_MS, sampleDelay } from './delay.js';
import type { DelaySpec } from './scenario-types.js';

const seeded = (seed: number) => {
  const randomizer = generateMersenne53Randomizer();
  randomizer.seed(seed);
  return () => randomizer.next();
};
const spec = (raw: Parameters<typeof compileDelay>[0]) => compileDelay(raw) as DelaySpec;

describe('sampleDelay', () => {
  it('draws uniform delays within the range', () => {
    const random = seeded(1);
    const draws = Array.from({ length: 200 }, () => sampleDelay(spec({ uniform: [100, 200] }), random));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...draws)).toBeLessThanOrEqual(200);
  });

  it('draws lognormal delays around the median, capped', () => {
    const random = seeded(2);
    const draws = Array.from({ length: 1001 }, () => sampleDelay(spec({ lognormal: { median: 300, sigma: 0.5 } }), random)).sort(
      (a, b) => a - b,
    );
    expect(draws[500]).toBeGreaterThan(250);
    expect(draws[500]).toBeLessThan(350);
    expect(sampleDelay(spec({ lognormal: { median: 59_000, sigma: 3 } }), () => 0.999_999)).toBeLessThanOrEqual(MAX_DELAY_MS);
  });

  it('repeats itself for the same seed', () => {
    const draw = (random: () => number) => Array.from({ length: 5 }, () => sampleDelay(spec({ uniform: [0, 1000] }), random));
    expect(draw(seeded(9))).toEqual(draw(seeded(9)));
  });

  it('rejects an upside-down range', () => {
    expect(compileDelay({ uniform: [5, 1] })).toBe('delay uniform range [5, 1] has min above max');
  });

  it('delays every call unless a probability says otherwise', () => {
    expect(compileDelay(100)).toEqual({ kind: 'fixed', ms: 100, probability: 1 });
    expect(compileDelay({ fixed: 100, probability: 0.1 })).toEqual({ kind: 'fixed', ms: 100, probability: 0.1 });
  });
});
