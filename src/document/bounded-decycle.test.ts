import { describe, expect, it } from 'vitest';
import { decycle } from '../prism/prism-internals.js';
import { boundedDecycle, treeDecycle } from './bounded-decycle.js';

/** A schema graph whose tree doubles at every level: `levels` levels unfold to about 2^levels nodes. */
function doubling(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string', description: 'leaf'.repeat(4), enum: ['a', 'b', 'c', 'd', 'e', 'f'] };
  for (let i = 0; i < levels; i++) {
    const extra = Object.fromEntries(Array.from({ length: 70 }, (_, k) => [`p${k}`, { type: 'integer' }]));
    node = { type: 'object', properties: { left: node, right: node, ...extra } };
  }
  return node;
}

function unfold(value: unknown, root: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return 'cut';
  const node = value as Record<string, unknown>;
  if (typeof node.$ref === 'string') {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, token) => (at as Record<string, unknown>)[decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')],
        root,
      );
    return unfold(target, root, depth);
  }
  if (Array.isArray(value)) return value.map((item) => unfold(item, root, depth + 1));
  return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, unfold(item, root, depth + 1)]));
}

describe('treeDecycle', () => {
  it('makes the copy Prism’s decycle makes: cycles as pointers to their ancestor, shared objects unfolded, other values kept', () => {
    class Digits {
      constructor(readonly digits: string) {}
    }
    const big = new Digits('12345678901234567890');
    const node: Record<string, unknown> = { type: 'object', 'a/b~c': {}, list: [1, null, 'x', big] };
    (node['a/b~c'] as Record<string, unknown>).back = node;
    const shared = { deep: { deeper: [node, { again: node }] } };
    const document = { paths: { '/a': { get: { one: shared, two: shared, three: [shared, [shared]] } } }, empty: [] };
    const made = treeDecycle(document);
    expect(made).toEqual(decycle(document));
    expect(JSON.stringify(made)).toBe(JSON.stringify(decycle(document)));
    const at = (value: unknown, ...keys: (string | number)[]): unknown =>
      keys.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
    const list = at(made, 'paths', '/a', 'get', 'one', 'deep', 'deeper', 0, 'list', 3);
    expect(list).toBe(big);
  });
});

describe('boundedDecycle', () => {
  it('is Prism’s decycle for a document of ordinary size, cycles included', () => {
    const tree: Record<string, unknown> = { type: 'object', properties: {} };
    (tree.properties as Record<string, unknown>).children = { type: 'array', items: tree };
    const shared = { type: 'string' };
    const document = { paths: { '/a': { get: { a: tree, b: shared, c: shared } } } };
    expect(boundedDecycle(document)).toEqual({ document: decycle(document), shared: false });
  });

  it('keeps the large shared parts of a huge tree shared, so it finishes, and every reference reads as the original', () => {
    const schema = doubling(30);
    const document = { paths: { '/a': { get: { responses: { '200': { schema } } } } } };
    const started = performance.now();
    const { document: made, shared } = boundedDecycle(document) as { document: typeof document; shared: boolean };
    expect(shared).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(JSON.stringify(made).length).toBeLessThan(1_000_000);
    expect(unfold(made.paths['/a'].get.responses['200'].schema, made)).toEqual(unfold(schema, schema));
  });
});
