import { describe, expect, it } from 'vitest';
import { unsatisfiable } from './unsatisfiable-schema.js';

describe('unsatisfiable', () => {
  it('names a type beside a oneOf none of whose branches allows it', () => {
    const value = { type: 'null', oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { $ref: '#/x' } }] };
    expect(unsatisfiable(value)).toBe('its type null is none of the types its oneOf branches allow');
    expect(unsatisfiable({ type: 'integer', anyOf: [{ type: 'string' }, { type: 'boolean' }] })).toContain('anyOf');
  });

  it('names a oneOf whose every branch repeats another', () => {
    const category = { type: 'object', properties: { id: { type: 'string' } } };
    expect(unsatisfiable({ oneOf: [category, { ...category }] })).toBe(
      'every branch of its oneOf repeats another, so no value matches exactly one',
    );
  });

  it('names an enum none of whose values is of its type', () => {
    const characters = { type: 'array', items: { type: 'string' }, enum: ['alpha', 'numeric'] };
    expect(unsatisfiable(characters)).toBe('none of its enum values is of its type array');
    expect(unsatisfiable({ type: 'string', enum: [969, 556] })).toContain('enum');
  });

  it('names a string enum none of whose values its length bounds let through', () => {
    expect(unsatisfiable({ type: 'string', enum: ['MALE', 'FEMALE', 'UNKNOWN'], maxLength: 1 })).toBe(
      'none of its enum values is within its length bounds',
    );
    expect(unsatisfiable({ enum: ['a', 'bb'], minLength: 3 })).toContain('length');
    expect(unsatisfiable({ type: 'string', enum: ['S', 'XL'], maxLength: 1 })).toBeUndefined();
  });

  it('says nothing where a value may still fit', () => {
    expect(unsatisfiable({ type: 'number', enum: [1, 'a'] })).toBeUndefined();
    expect(unsatisfiable({ type: 'string', nullable: true, enum: [null] })).toBeUndefined();
    expect(unsatisfiable({ type: 'array', enum: [['a']] })).toBeUndefined();
    const category = { type: 'object', properties: { id: { type: 'string' } } };
    expect(unsatisfiable({ oneOf: [category, category, { type: 'string' }] })).toBeUndefined();
    expect(unsatisfiable({ type: 'number', oneOf: [{ type: 'integer' }, { type: 'string' }] })).toBeUndefined();
    expect(unsatisfiable({ type: 'string', nullable: true, oneOf: [{ type: 'null' }, { type: 'boolean' }] })).toBeUndefined();
    // A branch by reference, or without a type, may allow anything.
    expect(unsatisfiable({ type: 'null', oneOf: [{ $ref: '#/a' }, { type: 'string' }] })).toBeUndefined();
    expect(unsatisfiable({ type: 'null', oneOf: [{ minLength: 1 }, { type: 'string' }] })).toBeUndefined();
    expect(unsatisfiable({ oneOf: [{ type: 'string' }] })).toBeUndefined();
  });
});
