import { describe, expect, it } from 'vitest';
import { longestDraw } from './drawn-length.js';

describe('the longest string drawn for a pattern', () => {
  it('counts fixed, bounded and unbounded repetitions, nested groups and alternatives', () => {
    expect(longestDraw('^[0-9a-f]{8}-[0-9a-f]{4}$', 10)).toBe(13);
    expect(longestDraw('^(ab|c)+$', 10)).toBe(22);
    expect(longestDraw('^a{2,}(?:x|yz)?$', 10)).toBe(14);
    expect(longestDraw('^\\p{L}{3}\\d*?$', 10)).toBe(14);
    expect(longestDraw('^(a{1000}){1000}$', 10)).toBe(1_000_000);
    expect(longestDraw('^((a{1000}){1000}){1000}$', 10)).toBe(1e9);
  });

  it('counts a backreference as the longest group and a class as one character', () => {
    expect(longestDraw('^(a{5})-\\1$', 10)).toBe(11);
    expect(longestDraw('^[(){}\\]]{3}$', 10)).toBe(3);
  });
});
