import { describe, expect, it } from 'vitest';
import { flattenCombinations, mergeClosingAllOf } from './flatten-combinations.js';

describe('flattenCombinations', () => {
  it('merges every allOf branch into its parent', () => {
    const schema = {
      allOf: [
        { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        { required: ['name'], properties: { name: { type: 'string' } } },
      ],
    };
    expect(flattenCombinations(schema)).toEqual({
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    });
  });

  it('keeps the first oneOf or anyOf branch, nested ones too', () => {
    const schema = {
      type: 'object',
      properties: {
        next: { anyOf: [{ type: 'object', properties: { id: { oneOf: [{ type: 'string' }, { type: 'integer' }] } } }, { type: 'null' }] },
      },
    };
    expect(flattenCombinations(schema)).toEqual({
      type: 'object',
      properties: { next: { type: 'object', properties: { id: { type: 'string' } } } },
    });
  });

  it('answers a required property no part lists, and keeps one a sibling part lists', () => {
    const unlisted = { type: 'object', required: ['ok', 'file'], properties: { ok: { type: 'boolean' } } };
    expect(flattenCombinations(unlisted)).toMatchObject({ properties: { ok: { type: 'boolean' }, file: { type: 'string' } } });
    const typed = { type: 'object', required: ['n'], additionalProperties: { type: 'integer' } };
    expect(flattenCombinations(typed)).toMatchObject({ properties: { n: { type: 'integer' } } });
    const closed = { type: 'object', required: ['x'], additionalProperties: false };
    expect(flattenCombinations(closed)).toEqual(closed);
    const sibling = {
      allOf: [{ properties: { list: { type: 'array' } } }, { required: ['list'], properties: { id: { type: 'string' } } }],
    };
    expect(flattenCombinations(sibling)).toMatchObject({ properties: { list: { type: 'array' }, id: { type: 'string' } } });
  });

  it('leaves out an optional property whose parts share no type, and keeps a required one', () => {
    const profile = { type: 'object', allOf: [{ type: 'string', enum: ['personal', 'business'] }] };
    const ride = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, profile } };
    expect(flattenCombinations(ride)).toEqual({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } });
    const needed = { ...ride, required: ['id', 'profile'] };
    expect(flattenCombinations(needed)).toHaveProperty('properties.profile');
  });

  it('merges a property both sides define', () => {
    const schema = { properties: { a: { type: 'string' } }, allOf: [{ properties: { a: { maxLength: 3 } } }] };
    expect(flattenCombinations(schema)).toEqual({ properties: { a: { type: 'string', maxLength: 3 } } });
  });

  it("holds one side's properties to the other side's additionalProperties", () => {
    const schema = {
      type: 'object',
      required: ['name'],
      properties: { enabled: { type: 'boolean' }, name: { type: 'string' }, settings: { type: 'object' }, count: { type: 'number' } },
      allOf: [{ type: 'object', properties: { kind: { type: 'string' } }, additionalProperties: { type: ['object', 'integer'] } }],
    };
    const flat = flattenCombinations(schema) as { properties: Record<string, unknown> };
    // No boolean is an object: an optional boolean is left out; a required one stays as written.
    expect(Object.keys(flat.properties).sort()).toEqual(['count', 'kind', 'name', 'settings']);
    expect(flat.properties.count).toEqual({ type: 'integer' });
  });

  it('leaves out optional properties another branch closes with additionalProperties: false', () => {
    const schema = {
      properties: { extra: { type: 'string' } },
      allOf: [{ properties: { id: { type: 'string' } }, additionalProperties: false }],
    };
    expect(flattenCombinations(schema)).toEqual({ properties: { id: { type: 'string' } }, additionalProperties: false });
  });

  it('leaves out an optional property whose parts share no enum value, and keeps the common values', () => {
    // zuora's custom object definition: system fields say `origin: system`, every field (additionalProperties) `custom`.
    const field = (origin: string) => ({
      type: 'object',
      properties: { origin: { type: 'string', enum: [origin] }, label: { type: 'string' } },
    });
    const schema = {
      allOf: [
        { type: 'object', properties: { Id: field('system') } },
        { type: 'object', additionalProperties: field('custom') },
      ],
    };
    for (const merged of [flattenCombinations(schema), mergeClosingAllOf(schema)]) {
      expect(merged).toMatchObject({ properties: { Id: { properties: { label: { type: 'string' } } } } });
      expect(merged).not.toHaveProperty('properties.Id.properties.origin');
    }
    const overlap = { properties: { a: { enum: ['x', 'y'] } }, allOf: [{ properties: { a: { enum: ['y', 'z'] } } }] };
    expect(flattenCombinations(overlap)).toEqual({ properties: { a: { enum: ['y'] } } });
  });

  it('merges for generated answers only the allOfs a part closes, leaving the choices to the faker', () => {
    const open = { allOf: [{ properties: { a: { type: 'string' } } }], oneOf: [{ type: 'object' }, { type: 'null' }] };
    expect(mergeClosingAllOf(open)).toBe(open);
    const closed = { properties: { list: { items: { properties: { b: { type: 'string' } }, allOf: [{ additionalProperties: false }] } } } };
    expect(mergeClosingAllOf(closed)).toEqual({ properties: { list: { items: { properties: {}, additionalProperties: false } } } });
  });
});
