import { describe, expect, it } from 'vitest';
import { deepObjectIn } from './deep-object-query.js';

/** A filter of many properties, counting how often its property schemas are read. */
function wideFilter(width: number) {
  let reads = 0;
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < width; i++)
    Object.defineProperty(properties, `p${i}`, {
      enumerable: true,
      get: () => {
        reads++;
        return { type: 'string' };
      },
    });
  Object.defineProperty(properties, 'and', {
    enumerable: true,
    get: () => {
      reads++;
      return { $ref: '#/__bundled__/Filter' };
    },
  });
  const Filter = { type: 'object', properties };
  return { bundle: { Filter }, schema: Filter, reads: () => reads };
}

describe('deepObject query values', () => {
  it('reads nested pairs and lists as before', () => {
    const schema = {
      type: 'object',
      properties: {
        Name: { type: 'string' },
        ids: { type: 'array', items: { type: 'string' } },
        sub: { type: 'object', properties: { x: {} } },
      },
    };
    const read = deepObjectIn(undefined);
    const value = read('filter', { 'filter[name]': 'a', 'filter[ids][1]': 'b', 'filter[ids][0]': 'c', 'filter[sub][x]': 'd' }, schema);
    expect(value).toEqual({ Name: 'a', ids: ['c', 'b'], sub: { x: 'd' } });
    expect(read('filter', { other: 'x' }, schema)).toBeUndefined();
    expect(read('filter', { 'filter[ids][]': ['1', '2'] }, schema)).toEqual({ ids: ['1', '2'] });
  });

  it('reads a map (only additionalProperties) pair by pair, deeper pairs as the objects they write', () => {
    const read = deepObjectIn(undefined);
    const strings = { type: 'object', additionalProperties: { type: 'string' } };
    expect(read('headers', { 'headers[cookie]': 'a=1', 'headers[x]': 'y' }, strings)).toEqual({ cookie: 'a=1', x: 'y' });
    // webscraping.ai's `headers[a][b][0]=true`: an object where a string is wanted, for the validator to refuse.
    expect(read('headers', { 'headers[a][b][0]': 'true' }, strings)).toEqual({ a: { b: { 0: 'true' } } });
    const lists = { type: 'object', additionalProperties: { type: 'array', items: { type: 'integer' } } };
    expect(read('m', { 'm[a][]': ['1', '2'] }, lists)).toEqual({ a: ['1', '2'] });
    expect(read('m', { other: 'x' }, strings)).toBeUndefined();
  });

  it('reads only the properties the query names, however wide the schema', () => {
    const { bundle, schema, reads } = wideFilter(500);
    const read = deepObjectIn(bundle);
    expect(read('filter', { 'filter[and][and][p7]': 'x' }, schema)).toEqual({ and: { and: { p7: 'x' } } });
    expect(reads()).toBeLessThan(10);
  });

  it('lists the query names once, however many lists the query gives', () => {
    const schema = { type: 'object', properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`l${i}`, { type: 'array' }])) };
    const query = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`filter[l${i}][0]`, 'x']));
    let listed = 0;
    const counted = new Proxy(query, {
      ownKeys: (target) => {
        listed++;
        return Reflect.ownKeys(target);
      },
    });
    const value = deepObjectIn(undefined)('filter', counted, schema) as Record<string, unknown>;
    expect(Object.keys(value)).toHaveLength(50);
    expect(listed).toBeLessThanOrEqual(2);
  });
});
