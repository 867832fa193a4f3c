import { describe, expect, it } from 'vitest';
import { branchValidators } from './branch-validators.js';
import { DataGenerator } from './data-generator.js';

const generator = new DataGenerator(1);
const both = (schema: Record<string, unknown>) => [generator.answer(schema), generator.generate(schema), generator.generate(schema, 7)];

describe("2020-12's words in answers", () => {
  it('makes a tuple of prefixItems, and no more items where items is false', () => {
    for (const value of both({ type: 'array', prefixItems: [{ const: 'point' }, { type: 'integer' }], items: false })) {
      expect(value).toEqual(['point', expect.any(Number)]);
    }
    expect(both({ type: 'array', items: false })).toEqual([[], [], []]);
  });

  it('fills a tuple up to minItems from items', () => {
    for (const value of both({ type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' }, minItems: 3 })) {
      expect(value).toEqual([expect.any(String), expect.any(Boolean), expect.any(Boolean)]);
    }
  });

  it('gives a present property what it depends on', () => {
    const schema = {
      type: 'object',
      properties: { number: { type: 'string' }, billing: { type: 'string' } },
      dependentRequired: { number: ['expiry'] },
      dependentSchemas: { billing: { properties: { zip: { const: '12345' } }, required: ['zip'] } },
    };
    for (const value of both(schema)) expect(value).toMatchObject({ number: expect.any(String), expiry: expect.anything(), zip: '12345' });
  });

  it("judges oneOf branches in the schema's dialect", () => {
    const branch = { type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false };
    const value = { a: 'x', b: 1 };
    expect(branchValidators({ $schema: 'https://json-schema.org/draft/2020-12/schema', oneOf: [branch] })('/oneOf/0')?.(value)).toBe(false);
    expect(branchValidators({ $schema: 'http://json-schema.org/draft-07/schema#', oneOf: [branch] })('/oneOf/0')?.(value)).toBe(true);
  });

  it('makes as many items as contains asks beside items, and the rest of the other types', () => {
    const some = { type: 'array', items: { type: 'integer' }, contains: { const: 3 }, minContains: 2 };
    for (const value of both(some)) expect((value as unknown[]).filter((item) => item === 3).length).toBeGreaterThanOrEqual(2);
    const few = { type: 'array', items: { type: ['integer', 'string'] }, contains: { type: 'integer' }, maxContains: 1, minItems: 3 };
    for (const value of both(few) as unknown[][]) {
      expect(value).toHaveLength(3);
      expect(value.filter(Number.isInteger)).toHaveLength(1);
      expect(value.filter((item) => typeof item === 'string')).toHaveLength(2);
    }
  });
});
