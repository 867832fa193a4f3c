import { describe, expect, it } from 'vitest';
import { textUnchecked, withoutCoercedOneOf } from './one-of-text.js';
import type { PrismDiagnostic } from './prism-internals.js';

const oneOf = { path: ['path', 'id'], code: 'oneOf', message: 'Request path parameter id must match exactly one schema in oneOf' };
const diagnostics = [oneOf] as unknown as PrismDiagnostic[];
const spec = (schema: object) => [{ name: 'id', schema }];

describe('a oneOf finding on a parameter read as text', () => {
  const slugOrId = { oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^[a-z]+$' }] };

  it('is left out when the text, read as text or as a number, fits exactly one branch', () => {
    expect(withoutCoercedOneOf(diagnostics, 'path', spec(slugOrId), { id: '1' }, undefined)).toEqual([]);
    expect(withoutCoercedOneOf(diagnostics, 'path', spec(slugOrId), { id: 'ABC' }, undefined)).toEqual(diagnostics);
  });

  it('is left out, as unverifiable, where Ajv refuses the schema, which the lint is told of', () => {
    const refused = { ...slugOrId, minimum: 'many' };
    expect(withoutCoercedOneOf(diagnostics, 'path', spec(refused), { id: 'ABC' }, undefined)).toEqual([]);
    expect(textUnchecked(refused, undefined)).toBe(true);
    expect(textUnchecked(slugOrId, undefined)).toBe(false);
    expect(textUnchecked({ type: 'string', minimum: 'many' }, undefined)).toBe(false);
  });
});
