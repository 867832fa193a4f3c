import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../json/json-schema.js';
import { checkDocumentValue, compiledDocumentCheck, documentValueCheck } from './prism-engine.js';

const plant = (): JsonSchema =>
  ({ type: 'object', required: ['name'], properties: { name: { type: 'string' }, id: { type: 'integer' } } }) as JsonSchema;

describe('compiledDocumentCheck', () => {
  it('finds what checkDocumentValue finds, for values that fit and values that do not', () => {
    const schema = plant();
    const check = compiledDocumentCheck(schema, undefined);
    for (const value of [{ name: 'Ficus' }, { id: 'one' }, { name: 5, id: 1.5 }, [], null])
      expect(check(value)).toEqual(checkDocumentValue(schema, value, undefined));
    expect(check({ id: 'one' }).length).toBeGreaterThan(0);
  });

  it('checks as well a schema Prism compiled before', () => {
    const schema = plant();
    expect(checkDocumentValue(schema, { name: 'Ficus' }, undefined)).toEqual([]);
    const check = compiledDocumentCheck(schema, undefined);
    expect(check({ name: 'Ficus' })).toEqual([]);
    expect(check({ name: 1 })).toEqual(checkDocumentValue(schema, { name: 1 }, undefined));
  });
});

describe('checks of one schema', () => {
  it('are made once per schema and bundle, and shared by whoever asks', () => {
    const schema = plant();
    const bundle = {};
    expect(compiledDocumentCheck(schema, bundle)).toBe(compiledDocumentCheck(schema, bundle));
    expect(documentValueCheck(schema, bundle)).toBe(documentValueCheck(schema, bundle, 'answer'));
    expect(documentValueCheck(schema, bundle, 'request')).toBe(documentValueCheck(schema, bundle, 'request'));
    expect(documentValueCheck(schema, bundle, 'request')).not.toBe(documentValueCheck(schema, bundle));
    expect(compiledDocumentCheck(schema, {})).not.toBe(compiledDocumentCheck(schema, bundle));
  });
});
