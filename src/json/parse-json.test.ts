import { describe, expect, it } from 'vitest';
import { exactInteger, parseJson } from './parse-json.js';

describe('parseJson', () => {
  it('keeps integers beyond 2^53 exact as bigints and says so', () => {
    const result = parseJson('{"a": 9223372036854775807, "b": 1, "c": 1.5}');
    expect(result).toEqual({ ok: true, value: { a: 9223372036854775807n, b: 1, c: 1.5 }, hasBigIntegers: true });
  });

  it('reports no big integers for ordinary numbers', () => {
    expect(parseJson('[1, 2.5, -3e2]')).toEqual({ ok: true, value: [1, 2.5, -300], hasBigIntegers: false });
  });

  it('rejects duplicate keys and malformed text with a message', () => {
    expect(parseJson('{"a": 1, "a": 2}')).toMatchObject({ ok: false, message: expect.stringContaining("Duplicate key 'a'") });
    expect(parseJson('{"a": ')).toMatchObject({ ok: false });
  });

  it('keeps __proto__ an own key without touching the prototype', () => {
    const result = parseJson('{"__proto__": {"x": 1}}');
    if (!result.ok) throw new Error('expected a parse');
    const value = result.value as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });
});

describe('exactInteger', () => {
  it.each([
    ['9223372036854775808', 9223372036854775808n],
    ['-9.2e18', -9200000000000000000n],
    ['1e19', 10000000000000000000n],
    ['12.000', 12n],
    ['1.5e1', 15n],
  ])('reads %s exactly', (literal, expected) => {
    expect(exactInteger(literal)).toBe(expected);
  });

  it.each(['1.5', '1e-1', '1e5000', 'abc'])('gives undefined for %s', (literal) => {
    expect(exactInteger(literal)).toBeUndefined();
  });
});
