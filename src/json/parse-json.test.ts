import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from './json-depth.js';
import { exactInteger, parseJson, parseLossless } from './parse-json.js';

/** A canonical picture of a parse result: own keys in order, -0, bigints and prototypes made visible. */
function picture(value: unknown): unknown {
  if (typeof value === 'bigint') return `bigint:${value}`;
  if (typeof value === 'number') return Object.is(value, -0) ? 'number:-0' : value;
  if (Array.isArray(value)) return ['array', ...value.map(picture)];
  if (value !== null && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value) === Object.prototype ? 'object' : 'object with another prototype';
    return [prototype, ...Object.keys(value).map((key) => [key, picture((value as Record<string, unknown>)[key])])];
  }
  return value;
}

function expectSameAsLossless(text: string): void {
  const fast = parseJson(text);
  const reference = parseLossless(text);
  expect(fast.ok).toBe(reference.ok);
  if (fast.ok && reference.ok) {
    expect(picture(fast.value)).toEqual(picture(reference.value));
    expect(fast.hasBigIntegers).toBe(reference.hasBigIntegers);
  } else if (!fast.ok && !reference.ok) {
    expect(fast.message).toBe(reference.message);
  }
}

/** Small deterministic PRNG, so a failure names a reproducible case. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['a', 'b', 'id', 'name', '__proto__', 'constructor', 'a:b', 'q"uote', 'back\\slash', '\u0061', 'é', ''];
const NUMBERS = [
  '0',
  '-0',
  '1',
  '-17',
  '2.5',
  '1e2',
  '1E-2',
  '9007199254740991',
  '9007199254740993',
  '9223372036854775807',
  '1e19',
  '123456789012345',
  '0.1234567890123456',
  '-1.5e300',
  '1.0',
];
const STRINGS = ['', 'x', 'a:b', 'with \\"quote\\" and : colon', '\\\\', '\\u0041', '\\ud800', 'tab\\t', 'e5', '1e5', '\\u0022:'];

function generateText(next: () => number, depth = 0): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const space = () => pick(['', ' ', '\n', '\t ']);
  const roll = next();
  if (depth > 3 || roll < 0.35) return pick([...NUMBERS, ...STRINGS.map((s) => `"${s}"`), 'true', 'false', 'null']);
  const size = Math.floor(next() * 4);
  if (roll < 0.55) return `[${Array.from({ length: size }, () => space() + generateText(next, depth + 1) + space()).join(',')}]`;
  const keys = Array.from({ length: size }, () => JSON.stringify(pick(KEYS)).replace('a', next() < 0.2 ? '\\u0061' : 'a'));
  return `{${keys.map((key) => `${space()}${key}${space()}:${space()}${generateText(next, depth + 1)}`).join(',')}}`;
}

describe('parseJson', () => {
  it('answers what the lossless parser answers, for generated documents with duplicates, big numbers and tricky keys', () => {
    const next = random(20261121);
    for (let i = 0; i < 3000; i++) expectSameAsLossless(generateText(next));
  });

  it('answers what the lossless parser answers for malformed text, with the same message', () => {
    for (const text of [
      '',
      '{',
      '{"a":}',
      '[1,]',
      '{"a":1,}',
      "{'a':1}",
      '01',
      '1.',
      'NaN',
      '"unterminated',
      '{"a" 1}',
      '[1] x',
      '{"a":1}}',
    ]) {
      expectSameAsLossless(text);
      expect(parseJson(text).ok).toBe(false);
    }
  });

  it('rejects duplicate keys with different values, also when one is written with an escape', () => {
    for (const text of ['{"a":1,"a":2}', '{"a":1,"\\u0061":2}', '[{"x":{"b":true,"b":false}}]']) {
      const result = parseJson(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/Duplicate key/);
    }
  });

  it('keeps __proto__ as an ordinary own key without touching the prototype', () => {
    const result = parseJson('{"__proto__":{"polluted":true},"name":"Fern"}');
    expect(result.ok).toBe(true);
    const value = result.ok ? (result.value as Record<string, unknown>) : {};
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps integers beyond 2^53 exact, however they are written', () => {
    for (const [text, exact] of [
      ['{"id":9223372036854775807}', 9223372036854775807n],
      ['{"id":1e19}', 10000000000000000000n],
      ['{"id":-9.2e18}', -9200000000000000000n],
    ] as const) {
      const result = parseJson(text);
      expect(result.ok && result.hasBigIntegers).toBe(true);
      expect(result.ok && (result.value as { id: unknown }).id).toBe(exact);
    }
  });

  it('answers integers written as fractions or with exponents, and numbers beyond any range, as the lossless parser does', () => {
    for (const text of [
      '[9007199254740993.0]',
      '[90071992547409930e-1]',
      '[1.00000000000000001]',
      '[1e400]',
      '[-0.0]',
      '[2.5e-320]',
      `[${'9'.repeat(120)}]`,
    ])
      expectSameAsLossless(text);
  });

  it('rejects nesting beyond the limit however long the text, valid or not, and takes the limit itself', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const tooDeep = `arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels`;
    for (const text of [
      nested(MAX_JSON_DEPTH + 1),
      nested(5000),
      `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`,
      '['.repeat(100_000),
    ])
      expect(parseJson(text)).toEqual({ ok: false, message: tooDeep });
    expect(parseJson(nested(MAX_JSON_DEPTH)).ok).toBe(true);
  });

  it('takes colons and quotes inside strings for what they are', () => {
    expectSameAsLossless('{"a":"x:\\"y\\":z","b":{"c:d":"\\\\"}}');
    expect(parseJson('{"a":"x:\\"y\\":z"}')).toEqual({ ok: true, value: { a: 'x:"y":z' }, hasBigIntegers: false });
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
