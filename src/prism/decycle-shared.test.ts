import { describe, expect, it } from 'vitest';
import { decycleShared } from './decycle-shared.js';
import { decycle } from './prism-internals.js';

describe('decycleShared', () => {
  it("gives the reader's decycled document, sharing the parts without cycles", () => {
    const leaf = { type: 'string' };
    const node: Record<string, unknown> = { type: 'object', properties: { a: leaf, b: leaf } };
    (node.properties as Record<string, unknown>).self = node;
    const document = { components: { node, again: node }, list: [leaf, leaf] };
    const { document: shared, expanded } = decycleShared(document);
    expect(shared).toEqual(decycle(document));
    const list = (shared as { list: unknown[] }).list;
    expect(list[0]).toBe(list[1]);
    expect(expanded).toBe(decycleSize(decycle(document)));
  });

  it('is linear where the reader is exponential: a chain of schemas each used twice', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i += 1) schema = { type: 'object', properties: { left: schema, right: schema } };
    const started = performance.now();
    const { expanded } = decycleShared({ schema });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(expanded).toBeGreaterThan(2 ** 40);
  });
});

function decycleSize(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  return 1 + Object.values(value).reduce<number>((sum, child) => sum + decycleSize(child), 0);
}
