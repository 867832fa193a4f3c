import { describe, expect, it } from 'vitest';
import { byName } from './load-scenarios.js';

describe('the order of scenario files', () => {
  it('is localeCompare order, for every name a scenario file may have', () => {
    // Names of the characters SCENARIO_NAME allows, lowercase-only ones (compared by code unit) among them.
    const alphabet = 'abAB09-._z';
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const names = Array.from({ length: 400 }, () =>
      Array.from({ length: 1 + (next() % 5) }, () => alphabet[next() % alphabet.length]).join(''),
    );
    expect([...names].sort(byName)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
