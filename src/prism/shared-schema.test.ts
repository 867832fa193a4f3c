import { Ajv } from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDocumentValue, documentValueCheck } from './prism-engine.js';
import { LARGE_SCHEMA, sharedSchema } from './shared-schema.js';

/** An object schema of `count` string properties, referencing one bundled schema: large past the threshold. */
function largeSchema(count: number, tag: string) {
  const properties = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`${tag}_${i}`, { type: 'string', description: 'x'.repeat(64) }]),
  );
  return {
    schema: { type: 'object', properties: { ...properties, nested: { $ref: '#/__bundled__/shared_1' } }, required: [`${tag}_0`] },
    bundle: { shared_1: { type: 'object', properties: { n: { type: 'integer' } } } },
  };
}

/** Ajv's compile, which every draft's class inherits: the count of schemas Prism had compiled. */
const core = Object.getPrototypeOf(Ajv.prototype) as { compile: (...args: unknown[]) => unknown };

describe('sharedSchema', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives two copies of one large schema the same objects, so Prism compiles it once', () => {
    const compile = vi.spyOn(core, 'compile');
    const first = largeSchema(1000, 'one');
    const second = structuredClone(first);
    // Prism's reader marks each copy with an id of its own.
    Object.assign(first.schema, { 'x-stoplight': { id: 'a1' } });
    Object.assign(second.schema, { 'x-stoplight': { id: 'b2' } });
    expect(JSON.stringify(first).length).toBeGreaterThan(LARGE_SCHEMA);
    expect(checkDocumentValue(first.schema, { one_0: 'a', nested: { n: 1 } }, first.bundle)).toEqual([]);
    const compiled = compile.mock.calls.length;
    expect(compiled).toBeGreaterThan(0);
    expect(checkDocumentValue(second.schema, { one_0: 'a', nested: { n: 'no' } }, second.bundle)).toEqual(['nested.n must be integer']);
    expect(checkDocumentValue(second.schema, {}, second.bundle)).toEqual(["must have required property 'one_0'"]);
    expect(compile.mock.calls.length).toBe(compiled);
    expect(documentValueCheck(structuredClone(first.schema), first.bundle)({ one_0: 'b' })).toBe(true);
  });

  it('keeps schemas of different content apart', () => {
    const one = largeSchema(1000, 'a');
    const other = largeSchema(1000, 'b');
    expect(sharedSchema(one.schema, one.bundle).schema).toBe(one.schema);
    expect(sharedSchema(other.schema, other.bundle).schema).toBe(other.schema);
    expect(checkDocumentValue(other.schema, { a_0: 'x' }, other.bundle)).toEqual(["must have required property 'b_0'"]);
  });

  it('leaves a small schema, or one with a big integer, as it is', () => {
    const small = { type: 'string' };
    expect(sharedSchema(structuredClone(small), undefined).schema).not.toBe(sharedSchema(small, undefined).schema);
    const big = { ...largeSchema(1000, 'c').schema, maximum: 10n };
    expect(sharedSchema(big as never, undefined).schema).toBe(big);
  });
});
