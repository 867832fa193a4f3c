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

  // files.com's POST /bundles without `paths`: Rails' params.require refuses it, so the schema's `required` does.
  it('leaves an absent array absent, required or not', () => {
    expect(readForm(formFields('name=x'), schema, [])).toEqual({ name: 'x' });
  });

  it('reads an empty field as the empty string where the array`s alternative is `enum: [""]` (Stripe`s unset)', () => {
    const taxRates = {
      type: 'object',
      properties: {
        rates: {
          anyOf: [
            { type: 'array', items: { type: 'string' } },
            { type: 'string', enum: [''] },
          ],
        },
      },
    };
    expect(readForm(formFields('rates='), taxRates, [])).toEqual({ rates: '' });
    expect(readForm(formFields('rates=txr_1'), taxRates, [])).toEqual({ rates: ['txr_1'] });
    const plain = { type: 'object', properties: { rates: { type: 'array', items: { type: 'string' } } } };
    expect(readForm(formFields('rates='), plain, [])).toEqual({ rates: [''] });
  });

  it('reads an empty name[key] field as Stripe`s unset where enum [""] allows it, and as an empty object where an object is asked', () => {
    // Stripe's billing portal configuration: features[subscription_update][products] is an anyOf of an array and enum [""].
    const unset = {
      anyOf: [
        { type: 'array', items: { type: 'string' } },
        { type: 'string', enum: [''] },
      ],
    };
    const address = { type: 'object', properties: { line1: { type: 'string' } } };
    const schema = {
      type: 'object',
      properties: {
        features: { type: 'object', properties: { update: { type: 'object', properties: { products: unset, modes: unset } } } },
        shipping: { type: 'object', required: ['address'], properties: { address, name: { type: 'string' } } },
        metadata: {
          anyOf: [
            { type: 'object', additionalProperties: { type: 'string' } },
            { type: 'string', enum: [''] },
          ],
        },
      },
    };
    const form = 'features[update][products]=&features[update][modes][0]=a&shipping[address]=&shipping[name]=Jo&metadata=';
    expect(readForm(formFields(form), schema, [])).toEqual({
      features: { update: { products: '', modes: ['a'] } },
      shipping: { address: {}, name: 'Jo' },
      metadata: '',
    });
    expect(readForm(formFields('shipping[address][line1]=&shipping[name]='), schema, [])).toEqual({
      shipping: { address: { line1: '' }, name: '' },
    });
  });

  it('reads an object field, and a list of objects, as JSON where no style is written', () => {
    // salesloft's urlencoded `crm_params` (an object) and `custom_fields` (a list of objects).
    const objects = {
      type: 'object',
      properties: { crm: { type: 'object' }, fields: { type: 'array', items: { type: 'object' } }, styled: { type: 'object' } },
    };
    const body = `crm=${encodeURIComponent('{"a":1}')}&fields=%7B%7D&fields=${encodeURIComponent('{"b":2}')}&styled=x`;
    expect(readForm(formFields(body), objects, [{ property: 'styled', style: 'form' }])).toEqual({
      crm: { a: 1 },
      fields: [{}, { b: 2 }],
      styled: 'x',
    });
    expect(readForm(formFields('fields=%5B%7B%7D%5D&crm=oops'), objects, [])).toEqual({ fields: [{}], crm: 'oops' });
  });

  it('keeps a field named __proto__ (plain or deepObject) as a field, for the schema to judge', () => {
    const read = readForm(formFields('__proto__=1&name=x'), schema, []);
    expect(Object.keys(read)).toEqual(['__proto__', 'name']);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toBe('1');
    const filter = readForm(formFields('filter[__proto__]=2&filter[constructor]=3'), { properties: { filter: { type: 'object' } } }, [
      { property: 'filter', style: 'deepObject' },
    ]).filter as Record<string, string>;
    expect(Object.keys(filter)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});
