import { describe, expect, it } from 'vitest';
import { documentPatterns, linearRegExp, loosened, patternCheck, patternFindings } from './linear-regexp.js';

describe('the linear pattern engine', () => {
  it('runs what RE2 can on RE2, and a safe pattern RE2 cannot on JavaScript', () => {
    expect(patternCheck('^([a-zA-Z0-9]+\\s?)*$')).toBe('linear');
    expect(patternCheck('^(?!admin)[a-z]+$')).toBe('native');
  });

  it("reads \\s as ECMA-262 does (a vertical tab, a no-break space, a line separator), not as RE2's five", () => {
    for (const [pattern, input, matches] of [
      ['^([a-zA-Z0-9]+\\s?)*$', 'ab\vcd', true],
      ['^\\s$', '\u00a0', true],
      ['^[\\s,]+$', ' ,\u2028', true],
      ['^[\\s-z]+$', '-z\ufeff', true],
      ['^\\S+$', 'a\u3000b', false],
      ['^\\\\s$', '\\s', true],
    ] as const) {
      expect(linearRegExp(pattern, 'u').test(input)).toBe(matches);
      expect(new RegExp(pattern, pattern.includes('\\s-') ? '' : 'u').test(input)).toBe(matches);
    }
  });

  it('checks a backtracking pattern with lookaround or backreferences loosely, in bounded time', () => {
    const hostile = '^(?=.*\\d)([a-zA-Z0-9]+\\s?)*$';
    expect(patternCheck(hostile)).toBe('loose');
    const check = linearRegExp(hostile, 'u');
    const started = performance.now();
    expect(check.test(`${'a1'.repeat(40)}!`)).toBe(false); // what the pattern rejects without its lookahead
    expect(check.test('abc1 def')).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000); // apart from backtracking's hours, on a loaded machine too
    const backref = linearRegExp('^(a+)+\\1$', 'u');
    expect(backref.test(`b${'a'.repeat(40)}`)).toBe(false);
  });

  it('checks loosely a repeated group of alternatives with lookaround, which safe-regex2 passes yet backtracks', () => {
    for (const hostile of ['^(a|a)*(?=c)b$', '^(?:ab|a|b){2,}(?!x)c$', '^((a|a))+(?=c)b$']) {
      expect(patternCheck(hostile), hostile).toBe('loose');
      const started = performance.now();
      expect(linearRegExp(hostile, 'u').test('ab'.repeat(20))).toBe(false);
      expect(performance.now() - started).toBeLessThan(1_000); // apart from backtracking's hours, on a loaded machine too
    }
    expect(patternCheck('^(?!admin)(ab|cd)[a-z]*$')).toBe('native');
  });

  it('checks loosely a lookaround pattern whose quantifiers share a failing match, in bounded time', () => {
    const hostile = '^(?!b)a*a*a*b$';
    expect(patternCheck(hostile)).toBe('loose');
    const started = performance.now();
    expect(linearRegExp(hostile, 'u').test('a'.repeat(5_000))).toBe(false);
    expect(patternCheck('(?!-)\\d+x')).toBe('loose');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(patternCheck('^(?=.*[A-Z])(?=.*\\d).{8,}$')).toBe('native');
  });

  it('checks loosely, in bounded time, lookaround patterns that choose as quantifiers do without looking so', () => {
    const hostile: [string, string][] = [
      [`^(?!x)${'\\+?'.repeat(22)}\\+*$`, `${'+'.repeat(40)}b`],
      [`^(?!x)${'(?:a|a)'.repeat(30)}b$`, `${'a'.repeat(30)}c`],
      ['^(?!x)(a+)\\1$', `${'a'.repeat(20_000)}b`],
    ];
    for (const [pattern, input] of hostile) {
      expect(patternCheck(pattern), pattern).toBe('loose');
      const started = performance.now();
      linearRegExp(pattern, 'u').test(input);
      expect(performance.now() - started, pattern).toBeLessThan(1_000);
    }
  });

  it('loosens a pattern into one that matches at least as much', () => {
    expect(loosened('^(?=.*\\d)(?<!x)a(?:b)\\1[(?=]\\k<n>$')).toBe('^a(?:b)(?:[\\s\\S]*)[(?=](?:[\\s\\S]*)$');
    expect(loosened('a(?=b)*c')).toBe('ac');
  });

  it("names the document's loosely checked patterns by JSON pointer, and no data that looks like one", () => {
    const document = {
      components: {
        schemas: {
          Name: { type: 'string', pattern: '^(?=.*\\d)([a-z0-9]+\\s?)*$', example: { pattern: '(a+)+\\1' } },
          Safe: { type: 'string', pattern: '^[a-z]+$' },
          Map: { type: 'object', patternProperties: { '^(?!x)(a+)+\\1$': { type: 'string' } } },
        },
      },
    };
    expect(patternFindings(documentPatterns(document))).toEqual([
      { pointer: '/components/schemas/Map/patternProperties/^(?!x)(a+)+\\1$', pattern: '^(?!x)(a+)+\\1$', check: 'loose' },
      { pointer: '/components/schemas/Name/pattern', pattern: '^(?=.*\\d)([a-z0-9]+\\s?)*$', check: 'loose' },
    ]);
  });
});
