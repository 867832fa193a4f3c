import { describe, expect, it } from 'vitest';
import { backtracksSafely, boundedNativeTest } from './native-pattern.js';

describe('patterns on JavaScript engine', () => {
  it('are safe without nested quantifiers or repeated alternatives', () => {
    expect(backtracksSafely(/^(?!-)[a-z0-9-]{1,62}$/, '^(?!-)[a-z0-9-]{1,62}$')).toBe(true);
    expect(backtracksSafely(/^(a+)+(?=c)b$/, '^(a+)+(?=c)b$')).toBe(false);
    expect(backtracksSafely(/^(?:a|a)*(?=c)$/, '^(?:a|a)*(?=c)$')).toBe(false);
  });

  it('are not safe where two quantifiers share a failing match or the start is not anchored', () => {
    const safe = (pattern: string) => backtracksSafely(new RegExp(pattern, 'u'), pattern);
    expect(safe('^(?!b)a*a*a*b$')).toBe(false);
    expect(safe('^(?!b)a{0,2000}a{0,2000}b$')).toBe(false);
    expect(safe('(?!-)\\d+x')).toBe(false);
    expect(safe('^a+(?=.*z)b$')).toBe(false);
    expect(safe('^(?=.*[A-Z])(?=.*\\d).{8,}$')).toBe(true);
    expect(safe('^(?!-)[A-Za-z0-9-]{1,62}$')).toBe(true);
    expect(safe('^\\p{L}{2}(?!x)[a-z]+$')).toBe(true);
  });

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
