import { describe, expect, it } from 'vitest';
import { parseYaml, yamlParser } from './yaml-parser.js';

describe('yamlParser', () => {
  it('reads keys named __proto__, constructor and prototype as own data properties', () => {
    const text = 'properties:\n  __proto__: { type: integer }\n  constructor: { type: string }\n  prototype: { type: string }\n';
    const parsed = yamlParser.parse({ data: Buffer.from(text) }) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(parsed.properties)).toBe(Object.prototype);
    expect(Object.keys(parsed.properties)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getOwnPropertyDescriptor(parsed.properties, '__proto__')?.value).toEqual({ type: 'integer' });
  });

  it('hands on a value that is already parsed', () => {
    const value = { a: 1 };
    expect(yamlParser.parse({ data: value })).toBe(value);
  });
});

describe('parseYaml', () => {
  it('reads what both parsers read alike, the core schema only (no dates, no merge keys, yes is a string)', () => {
    expect(parseYaml('a: yes\nb: 2001-01-01\n"<<": 1\nc: ~\n200: x\n', { uniqueKeys: true })).toEqual({
      a: 'yes',
      b: '2001-01-01',
      '<<': 1,
      c: null,
      200: 'x',
    });
  });

  it('reads numbers as the YAML 1.2 core schema does: underscores, binary and signed hex stay text', () => {
    const text = 'a: 0b101\nb: 1_000\nc: -0x1F\nd: 1_0.5\ne: 0x1F\nf: 0o17\ng: +12\nh: 1e3\ni: -.inf\nj: .5\nk: 1.\nl: 017\n';
    expect(parseYaml(text, { uniqueKeys: true })).toEqual({
      a: '0b101',
      b: '1_000',
      c: '-0x1F',
      d: '1_0.5',
      e: 31,
      f: 15,
      g: 12,
      h: 1000,
      i: Number.NEGATIVE_INFINITY,
      j: 0.5,
      k: 1,
      l: 17,
    });
    expect(Number.isNaN((parseYaml('a: .NaN', { uniqueKeys: true }) as { a: number }).a)).toBe(true);
  });

  it('leaves anchors and what js-yaml refuses to the yaml package, with its words', () => {
    expect(parseYaml('a: &x [1]\nb: *x\n', { uniqueKeys: true })).toEqual({ a: [1], b: [1] });
    expect(() => parseYaml('a: 1\na: 2\n', { uniqueKeys: true })).toThrow(/Map keys must be unique/);
    expect(parseYaml('a: 1\na: 2\n', { uniqueKeys: false })).toEqual({ a: 2 });
    expect(parseYaml('x: !custom 1\n', { uniqueKeys: true })).toEqual({ x: '1' });
  });
});
