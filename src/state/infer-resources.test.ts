import { describe, expect, it } from 'vitest';
import { loadSpec } from '../load/load-spec.js';
import { inferResources } from './infer-resources.js';

const summary = async (path: string) =>
  inferResources((await loadSpec(path)).operations).resources.map((r) => ({
    collection: r.collection,
    idField: r.idField,
    idKind: r.idKind,
    actions: Object.keys(r.operations).sort(),
  }));

describe('inferResources', () => {
  it('finds the grown Plant Store`s collection and item operations', async () => {
    expect(await summary('test/fixtures/plantstore-crud.yaml')).toEqual([
      { collection: '/plants', idField: 'id', idKind: 'integer', actions: ['create', 'list', 'read', 'remove', 'replace'] },
    ]);
  });

  it('treats the seed Plant Store`s lone create as a collection, its records carrying an id', async () => {
    expect(await summary('openapi.yaml')).toEqual([{ collection: '/plants', idField: 'id', idKind: 'integer', actions: ['create'] }]);
  });

  it('leaves paths that do not fit the pattern alone', async () => {
    expect(await summary('test/corpus/documents/oai-uspto.yaml')).toEqual([]);
  });
});
