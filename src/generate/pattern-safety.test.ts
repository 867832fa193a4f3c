import { describe, expect, it } from 'vitest';
import { backtracksSafely } from './pattern-safety.js';

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

  it('count a quantifier written after an escaped character as any other', () => {
    const safe = (pattern: string) => backtracksSafely(new RegExp(pattern, 'u'), pattern);
    for (const escaped of ['\\+', '\\(', '\\?', '\\*', '\\}', '\\p{L}'])
      expect(safe(`^(?!x)${escaped.repeat(1)}?${escaped}?${escaped}*$`), escaped).toBe(false);
    expect(safe('^(?!x)\\(?\\d{3}\\)?[0-9]{7}$')).toBe(false);
    expect(safe('^(?!x)\\+[0-9]{7,15}$')).toBe(true);
    expect(safe('^(?!x)[a-z]{3}?$')).toBe(true);
  });

  it('count a group of alternatives that could start alike as a quantifier', () => {
    const safe = (pattern: string) => backtracksSafely(new RegExp(pattern, 'u'), pattern);
    expect(safe(`^(?!x)${'(?:a|a)'.repeat(24)}b$`)).toBe(false);
    expect(safe('^(?!x)(?:a|ab)c*$')).toBe(false);
    expect(safe('^(?!x)(?:a|)c*$')).toBe(false);
    expect(safe('^(?!x)(?:[ab]|b)c*$')).toBe(false);
    expect(safe('^(?!admin)(ab|cd)[a-z]*$')).toBe(true);
    expect(safe('^(?!x)(?:\\+|00)[0-9]+$')).toBe(true);
  });

  it('count a backreference to a group of varying length as a quantifier', () => {
    const safe = (pattern: string) => backtracksSafely(new RegExp(pattern, 'u'), pattern);
    expect(safe('^(a+)\\1$')).toBe(false);
    expect(safe('^(?<w>[a-z]*)-\\k<w>x*$')).toBe(false);
    expect(safe('^(["\'])[^"\']*\\1$')).toBe(true);
    expect(safe('^(?:x)(ab)c*\\1$')).toBe(true);
  });
});
