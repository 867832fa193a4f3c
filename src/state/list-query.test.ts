import { describe, expect, it } from 'vitest';
import { type ListPlan, selectRecords } from './list-query.js';

const plan: ListPlan = { filters: new Map([['tags', 'tag']]), limit: 'limit', offset: 'offset', page: 'page' };
const records = [{ id: 1, tag: 'tree' }, { id: 2, tag: ['cat', 'tree'] }, { id: 3, tag: 'fern' }, { id: 4 }];
const ids = (query: Record<string, string | string[]>) => selectRecords(plan, records, query).map((r) => r.id);

describe('selectRecords', () => {
  it('filters by a parameter naming a field, arrays on either side', () => {
    expect(ids({ tags: 'tree' })).toEqual([1, 2]);
    expect(ids({ tags: ['fern', 'cat'] })).toEqual([2, 3]);
    expect(ids({ tags: 'fern,tree' })).toEqual([1, 2, 3]);
  });

  it('pages with limit and offset, or limit and a 1-based page', () => {
    expect(ids({ limit: '2' })).toEqual([1, 2]);
    expect(ids({ limit: '2', offset: '1' })).toEqual([2, 3]);
    expect(ids({ limit: '3', page: '2' })).toEqual([4]);
  });
});
