import { describe, expect, it } from 'vitest';
import { globMatcher } from './journal-filter.js';

describe('the journal path filter', () => {
  it.each([
    ['/plants', '/plants', true],
    ['/plants', '/plants/1', false],
    ['/plants*', '/plants/1', true],
    ['*/1', '/plants/1', true],
    ['/p*s/*', '/plants/1', true],
    ['/p*s/*', '/plants', false],
    ['*a*a*', 'aa', true],
    ['*a*a*', 'a', false],
    ['ab*ba', 'aba', false],
    ['*', '', true],
    ['/a.b', '/axb', false],
  ])('%s against %s: %s', (glob, path, expected) => {
    expect(globMatcher(glob)(path)).toBe(expected);
  });

  it('matches a hostile filter against an 8,192-character path without backtracking', () => {
    const path = `/${'a'.repeat(8191)}`;
    const started = performance.now();
    expect(globMatcher(`${'*a'.repeat(2000)}*b`)(path)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
