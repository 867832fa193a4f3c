import { describe, expect, it } from 'vitest';
import { formFields, readForm } from './form-fields.js';

const schema = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'array' }, tags: { type: 'array' }, pipes: { type: 'array' }, name: { type: 'string' } },
};

describe('readForm', () => {
  it('keeps repeated fields in order and decodes + as a space', () => {
    expect(formFields('a=1&a=x+y&b=%2C&c')).toEqual(
      new Map([
        ['a', ['1', 'x y']],
        ['b', [',']],
        ['c', ['']],
      ]),
    );
  });

  it('reads exploded arrays from repeats, delimited ones split, scalars as their last value', () => {
    const read = readForm(formFields('ids=1&ids=2&pipes=a|b&name=x&name=y&extra=1'), schema, [
      { property: 'pipes', style: 'pipeDelimited', explode: false },
    ]);
    expect(read).toEqual({ ids: ['1', '2'], pipes: ['a', 'b'], name: 'y', extra: '1' });
  });

  it('reads an absent required array as empty and leaves an absent optional one absent', () => {
    expect(readForm(formFields('name=x'), schema, [])).toEqual({ ids: [], name: 'x' });
  });
});
