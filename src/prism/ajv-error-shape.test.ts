import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeOf } from './ajv-error-shape.js';
import { convertAjvErrors } from './prism-internals.js';

const ajv = new Ajv({ allErrors: true, strict: false });
// Messages quote data (uniqueItems' indices), enums differ only by their values, property names are the client's.
const validate = ajv.compile({
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    kind: { oneOf: [{ enum: ['tree', 'fern'] }, { enum: ['rock', 'moss'] }] },
    tags: { type: 'array', uniqueItems: true, items: { type: 'string', pattern: '^[a-z;:0-9]*$' } },
    note: { type: 'string', maxLength: 3 },
  },
});
const convert = (errors: readonly unknown[]) => convertAjvErrors(errors, 0, 0, 'body');
const errorsOf = (body: unknown): unknown[] => (validate(body) ? [] : [...(validate.errors ?? [])]);
const value = fc.oneof(fc.constantFrom('tree', 'rock', 'moss', 'x', ';', '1:a', 'a;b', ''), fc.integer({ min: -2, max: 3 }), fc.boolean());
const body = fc.dictionary(
  fc.constantFrom('id', 'kind', 'tags', 'note', 'x', 'y;1:z', '0'),
  fc.oneof(value, fc.array(value, { maxLength: 4 })),
);

describe('the shape of a rejected body’s Ajv errors', () => {
  it('is the same for two lists of errors only when Prism converts them to the same diagnostics', () => {
    const seen = new Map<string, unknown>();
    fc.assert(
      fc.property(body, (b) => {
        const errors = errorsOf(b);
        if (errors.length === 0) return;
        const shape = shapeOf(errors);
        expect(shape).toBeTypeOf('string');
        const diagnostics = convert(errors);
        const before = seen.get(shape as string);
        if (before === undefined) seen.set(shape as string, diagnostics);
        else expect(diagnostics).toEqual(before);
      }),
      { numRuns: 3000, seed: 29 },
    );
    expect(seen.size).toBeGreaterThan(100);
  });

  it('tells apart errors that differ only in the enum a value missed or the property a client added', () => {
    const tree = { instancePath: '/kind', keyword: 'enum', message: 'must be equal to one of the allowed values' };
    expect(shapeOf([{ ...tree, params: { allowedValues: ['tree'] } }])).not.toBe(
      shapeOf([{ ...tree, params: { allowedValues: ['rock'] } }]),
    );
    const extra = { instancePath: '', keyword: 'additionalProperties', message: 'must NOT have additional properties' };
    expect(shapeOf([{ ...extra, params: { additionalProperty: 'a' } }])).not.toBe(
      shapeOf([{ ...extra, params: { additionalProperty: 'b' } }]),
    );
    // A separator inside a text is no separator: every text is written after its length.
    const a = { instancePath: '/a', keyword: 'type', params: {} };
    expect(shapeOf([{ ...a, message: 'x;1:b' }])).not.toBe(
      shapeOf([
        { ...a, message: 'x' },
        { ...a, instancePath: 'b', message: '' },
      ]),
    );
  });

  it('is none for errors Prism would read otherwise than as texts, and for very long ones', () => {
    expect(shapeOf([{ instancePath: '', keyword: 'enum', message: 'm', params: { allowedValues: 'tree' } }])).toBeUndefined();
    expect(shapeOf([{ instancePath: '', keyword: 'type', params: {} }])).toBeUndefined();
    const many = Array.from({ length: 2000 }, (_, i) => `value-${i}`);
    expect(shapeOf([{ instancePath: '', keyword: 'enum', message: 'm', params: { allowedValues: many } }])).toBeUndefined();
  });
});
