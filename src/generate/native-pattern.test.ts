import { describe, expect, it } from 'vitest';
import { boundedNativeTest } from './native-pattern.js';

describe('patterns on JavaScript engine', () => {
  it('answer as the engine does within their budget', () => {
    const test = boundedNativeTest(/^(?!-)[a-z]+$/u, 1_000);
    expect(test.test('abc')).toBe(true);
    expect(test.test('-abc')).toBe(false);
  });

  it('answer no match once a backtracking check has used up the budget, and every check after it', () => {
    const test = boundedNativeTest(/^(a+)+(?=c)b$/u, 100);
    const started = performance.now();
    expect(test.test(`${'a'.repeat(40)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(test.test('aab')).toBe(false);
  });
});
