import { describe, expect, it } from 'vitest';
import { queryDialects } from './query-dialects.js';

const AUTO = { array: 'auto', object: 'auto' } as const;
const parameters = [
  { name: 'group_by', schema: { type: 'array', items: { type: 'string' } } },
  { name: 'ids', style: 'form', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
  { name: 'filter', style: 'deepObject', schema: { type: 'object', properties: { level: { type: 'string' } } } },
  { name: 'page', schema: { type: 'object', properties: { size: { type: 'integer' } } } },
  { name: 'tags[]', schema: { type: 'array', items: { type: 'string' } } },
  { name: 'q', schema: { type: 'string' } },
];
const rewrite = queryDialects(parameters, undefined) as NonNullable<ReturnType<typeof queryDialects>>;

describe('queryDialects', () => {
  it('is made only for operations with array or object query parameters', () => {
    expect(queryDialects([{ name: 'q', schema: { type: 'string' } }], undefined)).toBeUndefined();
  });

  it('gives the same query back when nothing in it is a dialect', () => {
    const query = { group_by: ['a', 'b'], q: 'x.y[z]' };
    expect(rewrite(query, AUTO)).toBe(query);
  });

  it("writes each dialect in the document's style", () => {
    expect({
      ...rewrite({ 'group_by[]': ['a', 'b'], 'ids[1]': '2', 'ids[0]': '1', 'filter.level': 'high', 'page[size]': '3' }, AUTO),
    }).toEqual({
      group_by: ['a', 'b'],
      ids: '1,2',
      'filter[level]': 'high',
      size: '3',
    });
  });

  it('leaves a declared name alone, and names no parameter roots', () => {
    const query = { 'tags[]': 'a', 'other[]': 'b' };
    expect(rewrite(query, AUTO)).toBe(query);
  });

  it('splits a plain pair as an explicit format says', () => {
    expect({ ...rewrite({ group_by: 'a,b' }, { array: 'comma', object: 'auto' }) }).toEqual({ group_by: ['a', 'b'] });
    expect({ ...rewrite({ ids: ['1', '2'] }, { array: 'repeat', object: 'auto' }) }).toEqual({ ids: '1,2' });
    expect({ ...rewrite({ 'group_by[0]': 'a' }, { array: 'brackets', object: 'auto' }) }).toEqual({ 'group_by[0]': 'a' });
  });
});
