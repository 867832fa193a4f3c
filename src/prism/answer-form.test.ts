import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../json/json-schema.js';
import { answerForm } from './answer-form.js';
import { checkDocumentValue, compiledDocumentCheck, documentValueCheck } from './prism-engine.js';

/** pandascore's nullable reference: a `nullable` without a `type` beside a string part. */
const live = (): JsonSchema =>
  ({
    type: 'object',
    required: ['begin_at'],
    properties: {
      begin_at: { allOf: [{ nullable: true }, { $ref: '#/__bundled__/BeginAt' }] },
      nullable: { type: 'boolean', example: { nullable: 1 } },
    },
  }) as JsonSchema;
const bundle = { BeginAt: { type: 'string', format: 'date-time' }, Loose: { nullable: true, anyOf: [{ type: 'integer' }] } };

describe('answers and document values checked as OpenAPI 3.0 reads nullable', () => {
  it('refuses null where a nullable without a type stands beside a string, and any other wrong value', () => {
    for (const check of [
      (value: unknown) => checkDocumentValue(live(), value, bundle).length === 0,
      (value: unknown) => compiledDocumentCheck(live(), bundle)(value).length === 0,
      documentValueCheck(live(), bundle),
    ]) {
      expect(check({ begin_at: '2025-10-15T13:52:12.381Z' })).toBe(true);
      expect(check({ begin_at: null })).toBe(false);
      expect(check({ begin_at: 5 })).toBe(false);
    }
    expect(checkDocumentValue({ $ref: '#/__bundled__/Loose' } as JsonSchema, 'text', bundle)).not.toEqual([]);
  });

  it('leaves properties named nullable, the words of examples, and parts without one as they are', () => {
    const schema = live();
    const form = answerForm(schema) as { properties: Record<string, unknown> };
    expect(form.properties.nullable).toBe((schema.properties as Record<string, unknown>).nullable);
    expect((form.properties.begin_at as { allOf: unknown[] }).allOf[0]).toEqual({});
    const plain = { type: 'string', nullable: true };
    expect(answerForm(plain)).toBe(plain);
    expect(answerForm(schema)).toBe(form);
  });
});
