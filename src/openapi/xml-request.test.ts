import { describe, expect, it } from 'vitest';
import { readXmlBody } from './xml-request.js';

describe('readXmlBody', () => {
  it('reads the type, items and xml of members written as allOf parts, as AWS documents write them', () => {
    const member = (schema: object) => ({ allOf: [schema, { description: 'what it is' }] });
    const schema = {
      type: 'object',
      properties: {
        Force: member({ type: 'boolean' }),
        Days: member({ type: 'integer' }),
        Names: member({ type: 'array', items: { type: 'string', xml: { name: 'member' } }, xml: { wrapped: true } }),
      },
    };
    const read = readXmlBody('<root><Force>false</Force><Days>7</Days><Names><member>a</member><member>b</member></Names></root>', schema);
    expect(read).toEqual({ ok: true, value: { Force: false, Days: 7, Names: ['a', 'b'] } });
  });

  it('reads an empty element as an empty object or list where the schema says so', () => {
    const schema = {
      type: 'object',
      properties: {
        Attributes: { type: 'object', additionalProperties: { type: 'string' } },
        Tags: { type: 'array', items: { type: 'string' }, xml: { wrapped: true } },
        Name: { type: 'string' },
      },
    };
    expect(readXmlBody('<root><Attributes></Attributes><Tags/><Name></Name></root>', schema)).toEqual({
      ok: true,
      value: { Attributes: {}, Tags: [], Name: '' },
    });
  });

  it('reads `__proto__`, `constructor` and `toString` elements as own members, polluting nothing', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, constructor: { type: 'integer' } } };
    const read = readXmlBody('<r><a>x</a><__proto__>y</__proto__><constructor>5</constructor><toString>z</toString></r>', schema);
    expect(read.ok).toBe(true);
    const value = (read as { value: Record<string, unknown> }).value;
    expect(Object.entries(value)).toEqual([
      ['a', 'x'],
      ['constructor', 5],
      ['__proto__', 'y'],
      ['toString', 'z'],
    ]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    const nested = readXmlBody('<r><__proto__><polluted>1</polluted></__proto__></r>', schema);
    expect(nested.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
