import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleResolver, foldEntries, splitName } from './dialect-names.js';

const resolve = bundleResolver(undefined);
const entries = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([name, value]) => ({ segments: splitName(name)?.segments ?? [], values: [value] }));

describe('splitName', () => {
  it('splits brackets, indices and dots, and refuses what is no such spelling', () => {
    expect(splitName('a[0][b].c')).toEqual({
      root: 'a',
      segments: [
        { key: '0', dotted: false },
        { key: 'b', dotted: false },
        { key: 'c', dotted: true },
      ],
    });
    expect(splitName('a[]')?.segments).toEqual([{ key: '', dotted: false }]);
    for (const name of ['a', '[a]', '.a', 'a[b', 'a..b', 'a[b]c', 'a.', 'a[[b]]']) expect(splitName(name)).toBeUndefined();
    expect(splitName(`a${'[x]'.repeat(9)}`)).toBeUndefined();
  });
});

describe('foldEntries', () => {
  const lineItems = {
    type: 'array',
    items: { type: 'object', properties: { price: { type: 'string' }, quantity: { type: 'integer' } } },
  };

  it('reads a list of objects from indexed pairs, in the order of the indices', () => {
    const pairs = [
      ['l[1][price]', 'b'],
      ['l[0][price]', 'a'],
      ['l[0][quantity]', '2'],
    ] as const;
    expect(foldEntries(entries(pairs), lineItems, resolve)).toEqual([{ price: 'a', quantity: '2' }, { price: 'b' }]);
  });

  it('reads objects through an anyOf branch and maps through additionalProperties', () => {
    const metadata = {
      anyOf: [
        { type: 'object', additionalProperties: { type: 'string' } },
        { type: 'string', enum: [''] },
      ],
    };
    expect(
      foldEntries(
        entries([
          ['m[order]', '7'],
          ['m.note', 'x'],
        ]),
        metadata,
        resolve,
      ),
    ).toEqual({ order: '7', note: 'x' });
  });

  it('gives up where the pairs do not fit the schema', () => {
    expect(foldEntries(entries([['a[b]', '1']]), { type: 'array', items: {} }, resolve)).toBeUndefined();
    expect(foldEntries(entries([['a[]', '1']]), { type: 'object' }, resolve)).toBeUndefined();
  });

  it('never makes an item per index: a huge index is one item', () => {
    expect(foldEntries(entries([['a[999999999]', 'x']]), { type: 'array' }, resolve)).toEqual(['x']);
  });

  it('reads any list back from its brackets or its indices, whatever its items', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 20 }), fc.boolean(), (items, indexed) => {
        const pairs = items.map((item, i) => [indexed ? `a[${i}]` : 'a[]', item] as const);
        const read = foldEntries(entries(pairs), { type: 'array', items: { type: 'string' } }, resolve);
        expect(read).toEqual(items);
      }),
    );
  });

  it('keeps a key named __proto__ as data', () => {
    const read = foldEntries(entries([['a[__proto__]', 'x']]), { type: 'object' }, resolve) as Record<string, unknown>;
    expect(Object.hasOwn(read, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(read)).toBeNull();
  });
});
