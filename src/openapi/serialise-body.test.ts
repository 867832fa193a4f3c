import { describe, expect, it } from 'vitest';
import { serialiserFor, unproducible } from './serialise-body.js';

const content = (mediaType: string, schema?: Record<string, unknown>, examples: unknown[] = []) => ({
  mediaType,
  schema,
  examples: examples.map((value, i) => ({ name: `e${i}`, value })),
});

describe('serialiserFor', () => {
  it('leaves JSON to the reply stage', () => {
    expect(serialiserFor('json', undefined)).toBeUndefined();
  });

  it('sends a text example as written, not JSON-quoted', () => {
    expect(serialiserFor('text', undefined)?.('Hello, plants')).toBe('Hello, plants');
    expect(serialiserFor('text', undefined)?.({ a: 1 })).toBe('{"a":1}');
  });

  it('writes a form body from an object', () => {
    expect(serialiserFor('form', undefined)?.({ name: 'a b', tags: ['x', 'y'] })).toBe('name=a+b&tags=x&tags=y');
  });

  it('sends a string as its bytes for binary types, a few bytes otherwise', () => {
    const binary = serialiserFor('binary', undefined);
    expect(binary?.('abc')).toEqual(Buffer.from('abc'));
    expect(binary?.(null)).toHaveProperty('length', 8);
  });
});

describe('unproducible', () => {
  it('accepts binary content described as a string or not at all', () => {
    expect(unproducible('binary', content('image/png', { type: 'string', format: 'binary' }))).toBeUndefined();
    expect(unproducible('binary', content('application/pdf'))).toBeUndefined();
  });

  it('names why bytes cannot be made from an object schema', () => {
    expect(unproducible('binary', content('image/png', { type: 'object' }))).toMatch(/object/);
    expect(unproducible('multipart', content('multipart/mixed'))).toMatch(/example/);
  });
});
