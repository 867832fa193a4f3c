import { describe, expect, it } from 'vitest';
import { xmlBody } from './xml-body.js';

const plant = {
  type: 'object',
  xml: { name: 'plant', prefix: 'pl', namespace: 'https://example.com/plants' },
  properties: {
    id: { type: 'integer', xml: { attribute: true } },
    name: { type: 'string' },
    tags: { type: 'array', xml: { wrapped: true, name: 'tags' }, items: { type: 'string', xml: { name: 'tag' } } },
  },
};

describe('xmlBody', () => {
  it('names the root, declares its namespace and writes attributes', () => {
    const xml = xmlBody(plant, { name: 'Fern', id: 7, tags: [] });
    expect(xml).toContain('<pl:plant xmlns:pl="https://example.com/plants" id="7">');
    expect(xml).toContain('<name>Fern</name>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('wraps an array whose xml says wrapped, items taking their own name', () => {
    expect(xmlBody(plant, { id: 1, name: 'a', tags: ['green', 'tall'] })).toContain('<tags><tag>green</tag><tag>tall</tag></tags>');
  });

  it('repeats the items of an unwrapped array under the property name', () => {
    const schema = { type: 'object', properties: { leaf: { type: 'array', items: { type: 'string' } } } };
    expect(xmlBody(schema, { leaf: ['a', 'b'] })).toContain('<root><leaf>a</leaf><leaf>b</leaf></root>');
  });

  it('escapes text and sends an XML example written as text unchanged', () => {
    expect(xmlBody(undefined, { note: 'a < b & c' })).toContain('<note>a &lt; b &amp; c</note>');
    expect(xmlBody(plant, '<plant id="1"/>')).toBe('<plant id="1"/>');
  });

  it('writes a root array as repeated items inside a list element', () => {
    const schema = { type: 'array', xml: { name: 'plants' }, items: { ...plant, xml: { name: 'plant' } } };
    expect(xmlBody(schema, [{ id: 1, name: 'a' }])).toContain('<plants><plant id="1"><name>a</name></plant></plants>');
  });
});
