import { describe, expect, it } from 'vitest';
import { standardPattern } from './java-classes.js';
import { compileRe2 } from './re2-pattern.js';

/** What each Java class takes, per java.util.regex.Pattern's table, by character code. */
const JAVA: Record<string, (code: number) => boolean> = {
  Lower: (c) => c >= 0x61 && c <= 0x7a,
  Upper: (c) => c >= 0x41 && c <= 0x5a,
  ASCII: (c) => c <= 0x7f,
  Alpha: (c) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a),
  Digit: (c) => c >= 0x30 && c <= 0x39,
  Alnum: (c) => JAVA.Alpha?.(c) === true || JAVA.Digit?.(c) === true,
  Punct: (c) => '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.includes(String.fromCharCode(c)),
  Graph: (c) => JAVA.Alnum?.(c) === true || JAVA.Punct?.(c) === true,
  Print: (c) => JAVA.Graph?.(c) === true || c === 0x20,
  Blank: (c) => c === 0x20 || c === 0x09,
  Cntrl: (c) => c < 0x20 || c === 0x7f,
  XDigit: (c) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66),
  Space: (c) => ' \t\n\x0B\f\r'.includes(String.fromCharCode(c)),
  javaWhitespace: (c) =>
    (/[\p{Zs}\p{Zl}\p{Zp}]/u.test(String.fromCharCode(c)) && ![0xa0, 0x2007, 0x202f].includes(c)) ||
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x1f),
};
/** Every ASCII character and a sample beyond. */
const CODES = [...Array.from({ length: 0x80 }, (_, i) => i), 0xa0, 0xe9, 0x1680, 0x2007, 0x2009, 0x2028, 0x202f, 0x3000, 0x4e2d];

function takes(pattern: string, flags = 'u'): (code: number) => boolean {
  const native = new RegExp(`^(?:${standardPattern(pattern)})$`, flags);
  return (code) => native.test(String.fromCharCode(code));
}

describe("Java's character classes in patterns", () => {
  it('read each POSIX and java.lang class as Java does, alone, negated and inside a class', () => {
    for (const [name, java] of Object.entries(JAVA)) {
      for (const [pattern, expected] of [
        [`\\p{${name}}`, java],
        [`\\P{${name}}`, (c: number) => !java(c)],
        [`[\\p{${name}}]`, java],
        [`[^\\p{${name}}]`, (c: number) => !java(c)],
        [`[\\P{${name}}]`, (c: number) => !java(c)],
        [`[^\\P{${name}}]`, java],
      ] as const) {
        const standard = takes(pattern);
        const without = takes(pattern, '');
        for (const code of CODES) {
          expect(standard(code), `${pattern} on U+${code.toString(16)}`).toBe(expected(code));
          expect(without(code), `${pattern} without u on U+${code.toString(16)}`).toBe(expected(code));
        }
      }
    }
  });

  it('read the java.lang case and mirroring classes as the Unicode properties Java reads', () => {
    expect(standardPattern('\\p{javaLowerCase}+')).toBe('\\p{Lowercase}+');
    expect(standardPattern('[\\P{javaUpperCase}_]')).toBe('[\\P{Uppercase}_]');
    expect(standardPattern('\\p{javaMirrored}')).toBe('\\p{Bidi_Mirrored}');
    expect(takes('[\\p{javaLowerCase}_]+')(0xe9)).toBe(true);
    expect(takes('\\p{javaMirrored}')('('.charCodeAt(0))).toBe(true);
  });

  it('write the GUID of AWS documents as a pattern RE2 runs', () => {
    const guid = standardPattern('\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}');
    expect(guid).toBe('[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}');
    const re2 = compileRe2(guid);
    expect(re2?.matcher('0f1e2d3c-4b5a-6978-8a9b-aCbDcEdFeF00').find()).toBe(true);
    expect(re2?.matcher('zzz').find()).toBe(false);
  });

  it('write a Java class inside a class among other members', () => {
    expect(standardPattern('[\\p{Alpha}_]')).toBe('[A-Za-z_]');
    expect(standardPattern('[\\-\\p{Alnum}_:.]+')).toBe('[\\-0-9A-Za-z_:.]+');
    expect(standardPattern('[-\\p{Alnum}]')).toBe('[-0-9A-Za-z]');
    expect(standardPattern('[\\p{Upper}\\p{Digit}_]+')).toBe('[A-Z0-9_]+');
    expect(standardPattern('^[\\p{XDigit}{2}:?]*')).toBe('^[0-9A-Fa-f{2}:?]*');
    // A `-` after a set is a literal, as is a `^` that comes first once a negated set moved out.
    expect(standardPattern('[\\p{Alpha}-z]')).toBe('[A-Za-z\\-z]');
    expect(takes('[\\P{Alpha}^]')('^'.charCodeAt(0))).toBe(true);
    expect(takes('[\\P{Alpha}^]')('a'.charCodeAt(0))).toBe(false);
  });

  it('read a negated Java class inside a class as Java does', () => {
    const either = takes('[\\P{Alpha}x]');
    expect(['x', '1', ' '].map((c) => either(c.charCodeAt(0)))).toEqual([true, true, true]);
    expect(either('a'.charCodeAt(0))).toBe(false);
    const but = takes('[^\\P{Alpha}x]');
    expect(['a', 'Z'].map((c) => but(c.charCodeAt(0)))).toEqual([true, true]);
    expect(['x', '1'].map((c) => but(c.charCodeAt(0)))).toEqual([false, false]);
    const both = takes('[^\\P{Alpha}\\P{XDigit}]');
    expect(['a', 'F'].map((c) => both(c.charCodeAt(0)))).toEqual([true, true]);
    expect(['g', '1'].map((c) => both(c.charCodeAt(0)))).toEqual([false, false]);
  });

  it('leave escaped backslashes, Unicode properties and unknown names as they are', () => {
    expect(standardPattern('\\\\p{Alpha}')).toBe('\\\\p{Alpha}');
    expect(standardPattern('[\\\\p{Alpha}]')).toBe('[\\\\p{Alpha}]');
    expect(standardPattern('\\\\\\p{Alpha}')).toBe('\\\\[A-Za-z]');
    for (const kept of ['^\\p{L}+$', '[\\p{L}\\p{N}]', '\\P{C}*', '\\p{IsAlphabetic}', '\\p{LD}', 'abc']) {
      expect(standardPattern(kept)).toBe(kept);
    }
  });

  it("leave as it is a pattern whose Java classes meet Java's class operations or a range", () => {
    for (const kept of ['[\\p{Print}&&[^|:/]]+', '[a-\\p{Alpha}]', '[\\\\-\\p{Alpha}]', '[x[\\p{Alpha}]]', '\\Q\\p{Alpha}\\E']) {
      expect(standardPattern(kept)).toBe(kept);
    }
    expect(standardPattern('[a&&b]\\p{Digit}')).toBe('[a&&b][0-9]');
  });
});
