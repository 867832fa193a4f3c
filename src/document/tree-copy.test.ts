import { describe, expect, it } from 'vitest';
import { treeDecycle } from './bounded-decycle.js';
import { createSharedParts } from './shared-parts.js';
import { copyTree } from './tree-copy.js';

type Node = Record<string, unknown>;

class Digits {
  constructor(readonly digits: string) {}
}

/** A schema of more than 64 nodes, so that a reference to it is a shared part. */
function largeSchema(extra: Node): Node {
  const properties = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: 'integer' }]));
  return { type: 'object', properties: { ...properties, ...extra } };
}

describe('copyTree', () => {
  it('writes a cycle as a pointer to its ancestor, under the base it is given', () => {
    const node: Node = { type: 'object', properties: {} };
    (node.properties as Node)['a/b'] = { items: [node] };
    const made = copyTree(node, { base: ['__bundled__', 'Node'] }) as Node;
    expect(made).toEqual({ type: 'object', properties: { 'a/b': { items: [{ $ref: '#/__bundled__/Node' }] } } });
    const deep: Node = { list: [{ again: {} }] };
    ((deep.list as Node[])[0] as Node).again = (deep.list as Node[])[0];
    expect(copyTree({ at: deep })).toEqual({ at: { list: [{ again: { $ref: '#/at/list/0' } }] } });
  });

  it('asks its rule at each object, with the place’s path, and keeps what the rule gives there', () => {
    const shared = { type: 'string' };
    const places: string[] = [];
    const made = copyTree(
      { a: shared, b: [shared] },
      {
        instead: (node, place) => {
          places.push(place().join('/'));
          return node === shared ? 'kept' : undefined;
        },
      },
    );
    expect(made).toEqual({ a: 'kept', b: ['kept'] });
    expect(places).toEqual(['', 'a', 'b', 'b/0']);
  });

  it('keeps an own `__proto__` property a property of the copy, as JSON.parse made it', () => {
    const document = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}') as Node;
    const made = treeDecycle(document) as { properties: Node };
    expect(Object.hasOwn(made.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(made.properties)).toBe(Object.prototype);
    expect(made.properties.type).toBeUndefined();
    expect(JSON.stringify(made)).toBe(JSON.stringify(document));
  });
});

describe('shared parts copied by the one copier', () => {
  it('keep a value that is not a plain object as it is, in an operation and in a shared part', () => {
    const exact = new Digits('12345678901234567890');
    const part = largeSchema({ big: { type: 'integer', example: exact } });
    const names = new Map<object, string>([[part, 'Part']]);
    const parts = createSharedParts(names);
    const document = { paths: { '/a': { get: { example: exact, schema: part } } } };
    const made = parts.decycle(document) as { paths: { '/a': { get: { example: unknown; schema: Node } } } };
    expect(made.paths['/a'].get.example).toBe(exact);
    const copy = made.paths['/a'].get.schema;
    expect(parts.isPart(copy)).toBe(true);
    expect(((copy.properties as Node).big as Node).example).toBe(exact);
  });
});
