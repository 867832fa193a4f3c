import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexPrismOperations } from '../prism/load-operations.js';
import { referenceTargets } from './local-refs.js';
import { unfoldsPast } from './shared-parts.js';

const { getHttpOperationsFromSpec } = createRequire(import.meta.url)('@stoplight/prism-http/dist/utils/operations') as {
  getHttpOperationsFromSpec: (path: string) => Promise<unknown[]>;
};

type Node = Record<string, unknown>;

/** Components `Level0`..`LevelN`, each referencing the one below twice: LevelN unfolds to about 72 * 2^N nodes. */
function doublingDocument(levels: number): Node {
  const schemas: Node = { Level0: { type: 'object', properties: { name: { type: 'string' } } } };
  for (let i = 1; i <= levels; i++) {
    const extra = Object.fromEntries(Array.from({ length: 70 }, (_, k) => [`p${k}`, { type: 'integer' }]));
    const below = { $ref: `#/components/schemas/Level${i - 1}` };
    schemas[`Level${i}`] = { type: 'object', properties: { left: below, right: below, ...extra } };
  }
  const json = (schema: Node) => ({ content: { 'application/json': { schema } } });
  const top = { $ref: `#/components/schemas/Level${levels}` };
  return {
    openapi: '3.0.3',
    info: { title: 'doubling', version: '1' },
    paths: {
      '/a': { get: { responses: { '200': { description: 'ok', ...json(top) } } } },
      '/b': { post: { requestBody: json(top), responses: { '201': { description: 'made', ...json(top) } } } },
    },
    components: { schemas },
  };
}

/** Every `$ref` resolved against the operation's own root, to compare readings whose references are placed differently. */
function resolved(value: unknown, root: unknown, depth = 0): unknown {
  if (depth > 40 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolved(item, root, depth + 1));
  const node = value as Node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, token) => (at as Node)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    return resolved(target, root, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== '__bundled__' && key !== 'x-stoplight')
      .map(([key, item]) => [key, resolved(item, root, depth + 1)]),
  );
}

function deepFreeze(value: unknown, seen = new Set<object>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item, seen);
}

async function written(document: Node): Promise<{ path: string; done: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'shared-parts-'));
  const path = join(dir, 'api.json');
  await writeFile(path, JSON.stringify(document));
  return { path, done: () => rm(dir, { recursive: true }) };
}

/** The schema of the first content of a response, or of the first response of a list. */
const contentSchema = (part: unknown): Node => {
  const response = (Array.isArray(part) ? part[0] : part) as { contents: { schema: Node }[] };
  return (response.contents[0] as { schema: Node }).schema;
};

describe('shared parts of a large document', () => {
  it('hands two operations reaching one large schema the same object, under the name of its pointer', async () => {
    const { path, done } = await written(doublingDocument(8));
    const [get, post] = (await indexPrismOperations(path)).operations.map((operation) => operation.read() as Node) as [Node, Node];
    const getBundle = get.__bundled__ as Node;
    const postBundle = post.__bundled__ as Node;
    expect(Object.keys(getBundle).sort()).toEqual(Object.keys(postBundle).sort());
    expect(getBundle.Level7).toBeDefined();
    for (const name of Object.keys(getBundle)) expect(postBundle[name]).toBe(getBundle[name]);
    // The operation's own schema is an object whose parts are references.
    const answer = contentSchema((get.responses as unknown[])[0]);
    expect((answer.properties as Node).left).toEqual({ $ref: '#/__bundled__/Level7' });
    await done();
  });

  it('reads each operation into what Prism’s reader gives for it, once references are resolved, without changing a shared part', async () => {
    const { path, done } = await written(doublingDocument(8));
    const index = await indexPrismOperations(path);
    const first = index.operations[0]?.read() as Node;
    deepFreeze(first.__bundled__);
    const prism = (await getHttpOperationsFromSpec(path)) as Node[];
    for (const [i, operation] of index.operations.entries()) {
      const read = operation.read() as Node;
      const response = (read.responses as Node[])[0];
      expect(resolved(contentSchema(response), read)).toEqual(resolved(contentSchema((prism[i] as Node).responses), prism[i]));
    }
    await done();
  });

  it('shares what a reference with siblings merges, met again, rather than unfolding it at each place', async () => {
    // Each level's `left` and `right` are `$ref`s with a description: merged into new objects no pointer
    // names, whose properties are the level below's. Unfolded at each place, level N holds 72 * 2^N nodes.
    const document = doublingDocument(9);
    const schemas = (document.components as Node).schemas as Record<string, Node>;
    for (let i = 1; i <= 9; i++) {
      const properties = schemas[`Level${i}`]?.properties as Node;
      properties.left = { ...(properties.left as Node), description: 'left' };
      properties.right = { ...(properties.right as Node), description: 'right' };
    }
    const { path, done } = await written(document);
    const index = await indexPrismOperations(path);
    const prism = (await getHttpOperationsFromSpec(path)) as Node[];
    for (const [i, operation] of index.operations.entries()) {
      const read = operation.read() as Node;
      const objects = new Set<object>();
      const pending: unknown[] = [read];
      while (pending.length > 0) {
        const node = pending.pop();
        if (node === null || typeof node !== 'object' || objects.has(node)) continue;
        objects.add(node);
        // A reference stands only where a schema stood, never for a map of them.
        const properties = Array.isArray(node) ? undefined : (node as Node).properties;
        if (properties !== null && typeof properties === 'object') expect(properties).not.toHaveProperty('$ref');
        pending.push(...Object.values(node));
      }
      expect(objects.size).toBeLessThan(10_000);
      const response = (read.responses as Node[])[0];
      expect(resolved(contentSchema(response), read)).toEqual(resolved(contentSchema((prism[i] as Node).responses), prism[i]));
    }
    await done();
  });

  it('counts a tree past a limit exactly, a cycle cut where it closes, and only that far', () => {
    const cycle: Node = { type: 'object' };
    cycle.properties = { self: cycle, again: cycle };
    // cycle, type, properties, self and again (each closing the cycle): 5 nodes; three of them, 16.
    expect(unfoldsPast(cycle, 4)).toBe(true);
    expect(unfoldsPast(cycle, 5)).toBe(false);
    const wide: Node = { a: cycle, b: cycle, c: cycle };
    expect(unfoldsPast(wide, 15)).toBe(true);
    expect(unfoldsPast(wide, 16)).toBe(false);
    let doubling: Node = { type: 'string' };
    for (let i = 0; i < 60; i++) doubling = { left: doubling, right: doubling };
    expect(unfoldsPast(doubling, 100_000)).toBe(true);
  });

  it('names what references point at from their pointers, numbered where alike, never as an operation’s own parts', () => {
    const root = {
      a: { Pet: { type: 'object' }, shared_1: { type: 'string' }, 'x/y': { type: 'integer' } },
      b: { Pet: { type: 'boolean' } },
    };
    const names = referenceTargets(root, ['#/a/Pet', '#/b/Pet', '#/a/shared_1', '#/a/x~1y', '#/a/Pet']);
    expect([...names.values()]).toEqual(['Pet', 'Pet_2', 'shared_1_1', 'x_y']);
    expect(names.get(root.b.Pet)).toBe('Pet_2');
  });
});
