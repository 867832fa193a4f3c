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

  it('keeps amounts and counts named anywhere in the name non-negative, and unix times near the anchor', () => {
    const schema = {
      type: 'object',
      required: ['amount_captured', 'amount_refunded', 'refund_count', 'available_on', 'period_end', 'start', 'created_count'],
      properties: {
        amount_captured: { type: 'integer' },
        amount_refunded: { type: 'number' },
        refund_count: { type: 'integer' },
        available_on: { type: 'integer' },
        period_end: { type: 'integer', format: 'unix-time' },
        start: { type: 'integer' },
        created_count: { type: 'integer' },
      },
    };
    const low = (ANCHOR - 3 * 365 * 864e5) / 1000;
    for (const seed of [1, 2, 3, 4]) {
      const value = new DataGenerator(seed).generate(schema) as Record<string, number>;
      for (const name of ['amount_captured', 'amount_refunded', 'refund_count', 'start', 'created_count'])
        expect(value[name], name).toBeGreaterThanOrEqual(0);
      expect(value.created_count).toBeLessThanOrEqual(10_000);
      for (const name of ['available_on', 'period_end']) {
        expect(value[name], name).toBeGreaterThanOrEqual(low);
        expect(value[name], name).toBeLessThanOrEqual(ANCHOR / 1000);
      }
    }
  });

  it("answers the formats documents name that the faker fills with lorem (Twilio's RFC 2822 dates, phone numbers)", () => {
    const schema = {
      type: 'object',
      required: ['date_created', 'last_modified', 'price_unit', 'phone', 'size', 'updated', 'sid_phone'],
      properties: {
        date_created: { type: 'string', format: 'date-time-rfc-2822', nullable: true },
        last_modified: { type: 'string', format: 'date-time-rfc1123' },
        price_unit: { type: 'string', format: 'currency' },
        phone: { type: 'string', format: 'phone-number' },
        size: { type: 'string', format: 'int64' },
        updated: { type: 'string', format: 'google-datetime' },
        // A pattern beside the format: the pattern answers.
        sid_phone: { type: 'string', format: 'phone-number', pattern: '^PN[0-9a-f]{4}$' },
      },
    };
    for (const seed of [1, 2]) {
      for (const value of [new DataGenerator(seed).generate(schema), new DataGenerator(seed).answer(schema)] as Record<string, string>[]) {
        expect(value.date_created).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} 20\d{2} \d{2}:\d{2}:\d{2} \+0000$/);
        expect(Date.parse(value.date_created as string)).toBeLessThanOrEqual(ANCHOR);
        expect(value.last_modified).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} 20\d{2} \d{2}:\d{2}:\d{2} GMT$/);
        expect(value.price_unit).toMatch(/^[A-Z]{3}$/);
        expect(value.phone).toMatch(/^\+1\d{10}$/);
        expect(value.size).toMatch(/^\d+$/);
        expect(Number.isNaN(Date.parse(value.updated as string))).toBe(false);
        expect(value.sid_phone).toMatch(/^PN[0-9a-f]{4}$/);
      }
    }
  });
});
