import { describe, expect, it } from 'vitest';
import { withJavaClasses } from './java-classes.js';

const matches = (pattern: string, value: string, unicode = true) =>
  new RegExp(`^(?:${withJavaClasses(pattern, unicode)})$`, unicode ? 'u' : '').test(value);

describe("the judge's reading of Java's character classes", () => {
  it('takes a GUID and refuses other text for the AWS GUID pattern, with the u flag or without', () => {
    const guid = '\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}';
    for (const unicode of [true, false]) {
      expect(matches(guid, '0f1e2d3c-4b5a-6978-8a9b-aCbDcEdFeF00', unicode)).toBe(true);
      expect(matches(guid, 'zzz', unicode)).toBe(false);
      expect(matches(guid, 'pXDigit}{8}'.padEnd(36, 'p'), unicode)).toBe(false);
    }
  });

  it('reads classes inside classes and their negations as Java does', () => {
    expect(['a', '_', 'Z'].every((c) => matches('[\\p{Alpha}_]', c))).toBe(true);
    expect(['1', 'é'].some((c) => matches('[\\p{Alpha}_]', c))).toBe(false);
    expect(['x', '1', 'é', '😀'].every((c) => matches('[\\P{Alpha}x]', c))).toBe(true);
    expect(matches('[\\P{Alpha}x]', 'a')).toBe(false);
    expect(['a', 'Z'].every((c) => matches('[^\\P{Alpha}x]', c))).toBe(true);
    expect(['x', '1', 'é'].some((c) => matches('[^\\P{Alpha}x]', c))).toBe(false);
    expect(matches('[\\p{Alnum}-]+', 'a-1')).toBe(true);
    expect(matches('\\P{Print}', '\u0007')).toBe(true);
    expect(matches('[\\p{Punct}]+', '$+<=>^`|~')).toBe(true);
    expect(matches('\\p{javaLowerCase}+', 'éa')).toBe(true);
    expect(matches('\\p{javaWhitespace}', '\u00a0')).toBe(false);
  });

  it('leaves Unicode properties and an escaped backslash as they are', () => {
    expect(withJavaClasses('\\p{L}\\P{C}', true)).toBe('\\p{L}\\P{C}');
    expect(withJavaClasses('\\\\p{Alpha}', true)).toBe('\\\\p{Alpha}');
  });
});
