import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ANCHOR, nameWords } from './believable.js';
import { DataGenerator } from './data-generator.js';

const ajv = new Ajv({ strict: false });
createRequire(import.meta.url)('ajv-formats')(ajv);

const customer = {
  type: 'object',
  required: [
    'id',
    'github_id',
    'email',
    'currency',
    'created',
    'country',
    'language',
    'url',
    'count',
    'amount',
    'first_name',
    'updated_at',
  ],
  properties: {
    id: { type: 'string', maxLength: 5000, example: 'cus_NffrFeUfNV2Hib' },
    email: { type: 'string', maxLength: 5000 },
    currency: { type: 'string', example: 'usd' },
    created: { type: 'integer' },
    country: { type: 'string' },
    language: { type: 'string' },
    url: { type: 'string' },
    count: { type: 'number' },
    amount: { type: 'integer' },
    github_id: { type: 'integer' },
    first_name: { type: 'string' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

describe('believable generated data', () => {
  it('reads the words of camel, snake and kebab names', () => {
    expect(nameWords('createdAt')).toEqual(['created', 'at']);
    expect(nameWords('Created-At_ms')).toEqual(['created', 'at', 'ms']);
  });

  it('chooses values from property names, formats and examples, valid against the schema', () => {
    for (const seed of [1, 2, 3]) {
      const value = new DataGenerator(seed).generate(customer) as Record<string, unknown>;
      expect(ajv.validate(customer, value), JSON.stringify(ajv.errors)).toBe(true);
      expect(value.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
      expect(value.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(value.currency).toMatch(/^[a-z]{3}$/);
      expect(value.country).toMatch(/^[A-Z]{2}$/);
      expect(value.language).toMatch(/^[a-z]{2}$/);
      expect(value.url).toMatch(/^https:\/\//);
      expect(value.first_name).toMatch(/^[A-Z][a-z'-]+/);
      const created = value.created as number;
      expect(created).toBeGreaterThan((ANCHOR - 4 * 365 * 864e5) / 1000);
      expect(created).toBeLessThanOrEqual(ANCHOR / 1000);
      expect(Number.isInteger(value.count) && (value.count as number) >= 0).toBe(true);
      expect(value.amount as number).toBeGreaterThanOrEqual(0);
      expect(value.github_id as number).toBeGreaterThan(0);
      expect(Date.parse(value.updated_at as string)).toBeLessThanOrEqual(ANCHOR);
    }
  });

  it('gives the same data for the same seed, and static answers the same everywhere', () => {
    expect(new DataGenerator(7).generate(customer)).toEqual(new DataGenerator(7).generate(customer));
    expect(new DataGenerator(7).answer(customer)).toEqual(new DataGenerator(8).answer(customer));
  });

  it('leaves a property to its schema where the believable value would not fit it', () => {
    const schema = {
      type: 'object',
      required: ['email', 'currency', 'created', 'count', 'country'],
      properties: {
        email: { type: 'string', maxLength: 5 },
        currency: { type: 'string', enum: ['EUR'] },
        created: { type: 'integer', maximum: 10 },
        count: { type: 'integer', maximum: -1 },
        country: { type: 'string', pattern: '^[a-z]{4}$' },
      },
    };
    for (const seed of [1, 2, 3]) {
      const value = new DataGenerator(seed).generate(schema) as Record<string, unknown>;
      expect(ajv.validate(schema, value), JSON.stringify(ajv.errors)).toBe(true);
      expect(value.currency).toBe('EUR');
    }
  });
});
