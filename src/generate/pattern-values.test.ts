import { describe, expect, it } from 'vitest';
import { DataGenerator } from './data-generator.js';
import { drawnCharsHeld, greedy, needsPatternValues, patternValues, unpadded } from './pattern-values.js';

describe('strings drawn for a pattern', () => {
  it('fit the length bounds without padding the pattern out of shape', () => {
    const base64 = '^[A-Za-z0-9+\\/]+={0,2}$';
    const values = patternValues(base64, 24, 512, 5);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).toMatch(new RegExp(base64));
      expect(value.length).toBeGreaterThanOrEqual(24);
    }
  });

  it('are kept within a bound in characters, however long the strings a document draws', () => {
    let drawn = 0;
    for (const letter of 'abcdefgh') {
      const values = patternValues(`^${letter}[a-z]{40000}$`, 40001, 40001, 5);
      expect(values.length).toBeGreaterThan(0);
      drawn += values.join('').length;
    }
    expect(drawn).toBeGreaterThan(2 ** 20);
    expect(drawnCharsHeld()).toBeGreaterThan(0);
    expect(drawnCharsHeld()).toBeLessThanOrEqual(2 ** 20);
    expect(patternValues('^h[a-z]{40000}$', 40001, 40001, 5)[0]?.length).toBe(40001);
  });

  it('take the characters of a Unicode property escape, inside a class or out', () => {
    for (const pattern of ['^\\P{C}*$', '^[\\p{L}\\d_]{2,8}$', '^\\p{Lu}\\p{Ll}+$']) {
      const values = patternValues(pattern, undefined, undefined, 3);
      expect(values.length, pattern).toBeGreaterThan(0);
      for (const value of values) expect(value).toMatch(new RegExp(pattern, 'u'));
    }
  });

  it('match patterns with lazy quantifiers, which the faker reads as optional parts', () => {
    const arn = '^arn:aws[-\\w]{0,10}?:detective:[-\\w]{2,20}?:\\d{12}?:graph:[abcdef\\d]{32}?$';
    expect(needsPatternValues(arn, undefined, undefined)).toBe(true);
    const generator = new DataGenerator(2);
    const schema = { type: 'string', pattern: arn };
    for (const value of [generator.answer(schema), ...Array.from({ length: 5 }, () => generator.generate(schema))])
      expect(String(value)).toMatch(new RegExp(arn));
  });

  it("fit the bounds of a pattern padded with `.*` (AWS Clean Rooms' 36-character ids)", () => {
    const uuid = '.*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*';
    const values = patternValues(uuid, 36, 36, 3);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).toMatch(new RegExp(uuid));
      expect(value).toHaveLength(36);
    }
    const generator = new DataGenerator(3);
    expect(String(generator.generate({ type: 'string', pattern: uuid, minLength: 36, maxLength: 36 }))).toHaveLength(36);
    expect(unpadded('.*.*a\\\\.*')).toBe('a\\\\'); // a backslash, then `.*`
    expect(unpadded('a\\.*')).toBe('a\\.*'); // dots, not padding
    expect(unpadded('.*')).toBe('.*');
  });

  it('are drawn from the pattern made greedy, escapes, classes and groups kept', () => {
    expect(greedy('^a+?b*?c??d{2}?e{1,}?$')).toBe('^a+b*c?d{2}e{1,}$');
    expect(greedy('^\\??[?]?(?:x)??(?<n>y)$')).toBe('^\\??[?]?(?:x)?(?<n>y)$');
    expect(needsPatternValues('^[a-z]+$', undefined, undefined)).toBe(false);
  });

  it('keep only strings that pass the lookarounds the faker skips', () => {
    const host = '^(((?!-)[A-Za-z0-9-]{0,62}[A-Za-z0-9])\\.)+((?!-)[A-Za-z0-9-]{1,62}[A-Za-z0-9])(\\.)?$';
    expect(needsPatternValues(host, undefined, undefined)).toBe(true);
    const values = patternValues(host, undefined, undefined, 5);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toMatch(new RegExp(host));
  });

  it("draw from a positive lookahead's own body where the rest never fits it (AWS Kinesis' RecordRowPath)", () => {
    const recordRowPath = '^(?=^\\$)(?=^\\S+$).*$';
    const values = patternValues(recordRowPath, 1, 65_535, 3);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toMatch(new RegExp(recordRowPath));
  });

  it('stop checking drawn strings against a lookaround pattern that backtracks, within a budget', () => {
    // The faker skips the lookahead and draws `aaa…ab`, which the engine would take years to refuse.
    const started = performance.now();
    expect(patternValues('^(a+)+(?=c)b$', 40, undefined, 3)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('spend the budget of a backtracking pattern once, however many schemas and servers use it', () => {
    // A document may repeat one hostile pattern on every property: each would otherwise cost the whole budget.
    patternValues('^(a+)+(?=d)b$', 40, undefined, 1);
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect(patternValues('^(a+)+(?=d)b$', 40, undefined, 1)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('are none where no string fits, and the same on every call', () => {
    expect(patternValues('^[a-z]{5}$', 1, 3, 1)).toEqual([]);
    expect(patternValues('^[a-z]+$', 4, 6, 3)).toEqual(patternValues('^[a-z]+$', 4, 6, 3));
  });

  it('answer static and generated bodies with valid strings', () => {
    const generator = new DataGenerator(5);
    const schema = {
      type: 'object',
      properties: {
        key: { type: 'string', pattern: '^[A-Za-z0-9+\\/]+={0,2}$', minLength: 24, maxLength: 512 },
        token: { type: 'string', pattern: '^\\P{C}*$' },
      },
    };
    for (const value of [generator.answer(schema), generator.generate(schema), generator.generate(schema)]) {
      const { key, token } = value as { key: string; token: string };
      expect(key).toMatch(/^[A-Za-z0-9+/]{22,}={0,2}$/);
      expect(token).toMatch(/^\P{C}*$/u);
    }
  });

  it('draw nothing from a pattern whose strings could run to millions of characters', () => {
    const started = performance.now();
    expect(patternValues('^(a{1000}){1000}$', 1, undefined, 5)).toEqual([]);
    const generator = new DataGenerator(5);
    const schema = {
      type: 'object',
      properties: { huge: { type: 'string', pattern: '^(((a{100}){100}){100}){100}$' }, small: { type: 'string', pattern: '^[a-z]{3}$' } },
    };
    for (const value of [generator.answer(schema), generator.generate(schema)])
      expect(value).toEqual({ small: expect.stringMatching(/^[a-z]{3}$/) });
    expect(performance.now() - started).toBeLessThan(2000);
  }, 10_000);
});
