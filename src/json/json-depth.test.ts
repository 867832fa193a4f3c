import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike', () => {
    expect(nestsDeeperThan('[{"a":[1]}]', 3)).toBe(false);
    expect(nestsDeeperThan('[{"a":[1]}]', 2)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[\\"[[[["}', 1)).toBe(false);
  });

  it('measures the deepest point, not the total', () => {
    expect(nestsDeeperThan('[[1],[2],[3],[4]]', 2)).toBe(false);
  });
});
