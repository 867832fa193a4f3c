import { describe, expect, it } from 'vitest';
import { branchValidators, withoutIds } from './branch-validators.js';

describe('branch validators', () => {
  it("check a value against a branch's backtracking lookaround pattern within a budget, then pass it", () => {
    // A value drawn for another branch (`^a{30}b$`) would take this pattern minutes on JavaScript's engine.
    const root = {
      oneOf: [
        { type: 'string', pattern: '^a{30}b$' },
        { type: 'string', pattern: '^(a+)+(?=c)b$' },
      ],
    };
    const check = branchValidators(root)('/oneOf/1');
    const started = performance.now();
    for (let i = 0; i < 5; i++) expect(check?.(`${'a'.repeat(40)}b`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(check?.('x')).toBe(true);
  });
});

describe('the schema handed to Ajv without its $ids', () => {
  it('is the schema itself where no $id is in it, so a large bundle is never held twice', () => {
    const shared = { type: 'object', properties: { id: { type: 'string' } } };
    const root = { oneOf: [{ $ref: '#/__bundled__/a' }, { type: 'null' }], __bundled__: { a: shared } };
    expect(withoutIds(root)).toBe(root);
  });

  it('copies only the paths that lead to an $id, and leaves the rest shared', () => {
    const untouched = { type: 'integer' };
    const root = { properties: { a: { $id: 'x', type: 'string' }, b: untouched } };
    const made = withoutIds(root) as typeof root;
    expect(made).toEqual({ properties: { a: { type: 'string' }, b: untouched } });
    expect(made.properties.b).toBe(untouched);
    expect(root.properties.a.$id).toBe('x');
  });

  it('keeps a check resolving references from the root where a branch has an $id', () => {
    const root = { oneOf: [{ $id: 'elsewhere', $ref: '#/$defs/n' }, { type: 'string' }], $defs: { n: { type: 'number' } } };
    const check = branchValidators(root)('/oneOf/0');
    expect(check?.(1)).toBe(true);
    expect(check?.('a')).toBe(false);
  });
});
