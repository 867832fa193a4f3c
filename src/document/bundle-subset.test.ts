import { describe, expect, it } from 'vitest';
import { bundleSubset } from './bundle-subset.js';

describe('bundleSubset', () => {
  const bundle = {
    Pet: { type: 'object', properties: { owner: { $ref: '#/__bundled__/Person' }, tags: { items: { $ref: '#/__bundled__/Tag' } } } },
    Person: { type: 'object', properties: { pets: { items: { $ref: '#/__bundled__/Pet' } } } },
    Tag: { type: 'string' },
    'a/b': { type: 'integer' },
    Unrelated: { type: 'object', properties: { x: { $ref: '#/__bundled__/Tag' } } },
  };

  it('keeps the entries a schema reaches through its references, transitively and through cycles', () => {
    const schema = { type: 'array', items: { $ref: '#/__bundled__/Pet' } };
    expect(Object.keys(bundleSubset(schema, bundle) ?? {}).sort()).toEqual(['Person', 'Pet', 'Tag']);
  });

  it('gives none for a schema without references, and reads escaped names and deeper pointers', () => {
    expect(bundleSubset({ type: 'string', examples: ['x'] }, bundle)).toBeUndefined();
    expect(bundleSubset({ $ref: '#/__bundled__/a~1b' }, bundle)).toEqual({ 'a/b': bundle['a/b'] });
    expect(bundleSubset({ $ref: '#/__bundled__/Pet/properties/tags' }, bundle)).toHaveProperty('Tag');
    expect(bundleSubset({ $ref: '#/__bundled__/Tag' }, undefined)).toBeUndefined();
  });

  it("skips a schema's own __bundled__ copy", () => {
    const schema = { $ref: '#/__bundled__/Tag', __bundled__: bundle };
    expect(Object.keys(bundleSubset(schema, bundle) ?? {})).toEqual(['Tag']);
  });
});
