import { describe, expect, it } from 'vitest';
import { sampleValue } from './sample-value.js';
import { validValue } from './valid-values.js';

describe('valid request values', () => {
  it('build a value of a pattern the sample does not match', () => {
    const uuid = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    const built = validValue({ type: 'string', pattern: uuid }, {}, 'path');
    expect(built.ok).toBe(true);
    expect(built.ok && String(built.value)).toMatch(new RegExp(uuid));
  });

  it('build a value of a pattern with lazy quantifiers', () => {
    const arn = '^arn:aws[-\\w]{0,10}?:detective:[-\\w]{2,20}?:\\d{12}?:graph:[abcdef\\d]{32}?$';
    const built = validValue({ type: 'string', pattern: arn }, {}, 'path');
    expect(built.ok && String(built.value)).toMatch(new RegExp(arn));
  });

  it("build a value of a pattern with Java's character classes, as Java reads them", () => {
    // iotthingsgraph's URNs: the faker draws from the classes' ranges, the value is checked as Java reads it.
    const urn =
      '^urn:tdm:(([a-z]{2}-(gov-)?[a-z]{4,9}-[0-9]{1,3}/[0-9]+/)*[\\p{Alnum}_]+(/[\\p{Alnum}_]+)*):([\\p{Alpha}]*):([\\p{Alnum}_]+)$';
    const built = validValue({ type: 'string', pattern: urn, maxLength: 160 }, {}, 'body');
    expect(built.ok && String(built.value)).toMatch(/^urn:tdm:[-/0-9A-Za-z_]+:[A-Za-z]*:[0-9A-Za-z_]+$/);
    const guid = validValue({ type: 'string', pattern: '\\p{XDigit}{8}-\\p{XDigit}{4}', minLength: 13, maxLength: 13 }, {}, 'path');
    expect(guid.ok && String(guid.value)).toMatch(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}$/);
  });

  // GitLab's `actions`: an empty list is no form field at all, and a service refuses the form without it.
  it('send a required form array with an item, even where the example gives it empty', () => {
    const schema = { type: 'object', required: ['actions'], properties: { actions: { type: 'array', items: { type: 'string' } } } };
    const built = validValue(schema, {}, 'form body', [{ actions: [] }]);
    expect(built.ok && (built.value as { actions: unknown[] }).actions.length).toBeGreaterThan(0);
  });

  it('leave out optional properties no value satisfies, where nothing else is valid', () => {
    // visualstudio.com's settings: integers whose enum holds only strings.
    const privacy = { type: 'integer', format: 'int32', enum: ['0 (Private)', '1 (Public)'] };
    const schema = { type: 'object', additionalProperties: false, properties: { privacy, tunnelType: privacy } };
    expect(validValue(schema, {}, 'body')).toEqual({ ok: true, value: {} });
  });

  it('merge allOf parts and keep required properties, leaving readOnly ones out', () => {
    const schema = {
      allOf: [
        { type: 'object', required: ['name'], properties: { name: { type: 'string', enum: ['fern'] } } },
        {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', readOnly: true }, size: { type: 'integer', minimum: 3 } },
        },
      ],
    };
    const built = validValue(schema, {}, 'body');
    expect(built.ok && built.value).toMatchObject({ name: 'fern' });
    expect(built.ok && (built.value as Record<string, unknown>).id).toBeUndefined();
  });

  it('never send a readOnly property, even in an example, where the schema takes no other property', () => {
    const closed = {
      type: 'object',
      additionalProperties: false,
      properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
    };
    expect(validValue(closed, {}, 'body', [{ id: 'c1', name: 'fern' }, { name: 'ivy' }])).toEqual({ ok: true, value: { name: 'ivy' } });
  });

  it("prefer the document's example when it is valid, and skip it when it is not", () => {
    expect(validValue({ type: 'integer', minimum: 10 }, {}, 'query', [12])).toEqual({ ok: true, value: 12 });
    const built = validValue({ type: 'integer', minimum: 10 }, {}, 'query', [2]);
    expect(built.ok && Number(built.value)).toBeGreaterThanOrEqual(10);
  });

  it('say why when no value fits, and never send an empty path segment', () => {
    const impossible = validValue({ type: 'string', minLength: 5, maxLength: 2 }, {}, 'body');
    expect(impossible).toMatchObject({ ok: false });
    expect(validValue({ type: 'string', enum: [''] }, {}, 'path').ok).toBe(false);
  });

  it('check patterns that only compile without the u flag, and take a scalar allOf part as the value', () => {
    const token = { allOf: [{ type: 'string', pattern: '^[a-z\\=]{2,3}$' }, { description: 'a token' }] };
    const built = validValue(token, {}, 'body', ['fern']);
    expect(built.ok && String(built.value)).toMatch(/^[a-z=]{2,3}$/);
  });

  it('never send what the wire cannot carry: an empty query value, an object list in a query, an empty XML list', () => {
    expect(validValue({ type: 'string' }, {}, 'query', [''])).toMatchObject({ ok: true, value: expect.stringMatching(/./) });
    const objects = { type: 'array', maxItems: 1, items: { type: 'object', required: ['a'], properties: { a: { type: 'string' } } } };
    expect(validValue(objects, {}, 'query').ok).toBe(false);
    const list = { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'string' } } } };
    expect(validValue(list, {}, 'xml body', [{ ids: [] }])).toMatchObject({ ok: true, value: { ids: [expect.any(String)] } });
  });

  it('sample the properties beside an allOf with those of its parts', () => {
    const resource = { type: 'object', properties: { id: { type: 'string', readOnly: true } } };
    const schema = {
      allOf: [resource],
      required: ['properties'],
      properties: { properties: { required: ['state'], properties: { state: { type: 'string', enum: ['Enabled'] } } } },
    };
    expect(validValue(schema, {}, 'body')).toEqual({ ok: true, value: { properties: { state: 'Enabled' } } });
  });

  it('send a list of items of any kind with one word in it, never its example of another type', () => {
    const tags = { type: 'array', items: {}, examples: ['jobs,hello'] };
    expect(validValue(tags, {}, 'query', ['jobs,hello'])).toEqual({ ok: true, value: ['fern'] });
  });

  it('never send a null where the wire has no null: a form field, a query value', () => {
    const member = { type: 'object', properties: { index: { type: 'integer', nullable: true } } };
    const built = validValue(member, {}, 'form body', [{ index: null }]);
    expect(built.ok && (built.value as { index?: unknown }).index).not.toBeNull();
    expect(validValue({ type: ['integer', 'null'] }, {}, 'query', [null])).toMatchObject({ ok: true, value: expect.any(Number) });
  });

  it('sample the properties an object lists beside its allOf', () => {
    const resource = { properties: { id: { type: 'string', readOnly: true } } };
    const policy = { properties: { days: { type: 'integer' } }, required: ['days'] };
    const schema = { allOf: [{ allOf: [resource] }], properties: { properties: policy }, required: ['properties'] };
    expect(sampleValue(schema, {})).toEqual({ properties: { days: 1 } });
  });

  it('fill a map up to its minProperties from additionalProperties', () => {
    const tags = { type: 'object', minProperties: 1, maxProperties: 50, additionalProperties: { type: 'string', maxLength: 256 } };
    const built = validValue(tags, {}, 'body');
    expect(built.ok && Object.keys(built.value as object).length).toBeGreaterThanOrEqual(1);
  });

  it('build a required property no part lists, and a value of the duration format', () => {
    const consent = { type: 'object', required: ['purpose', 'notifyUrl'], properties: { purpose: { type: 'string' } } };
    expect(sampleValue(consent, {}, 0, true)).toEqual({ purpose: 'fern', notifyUrl: 'fern' });
    // A part's required name another part lists keeps that part's value.
    const parts = {
      allOf: [
        { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        { type: 'object', required: ['id'] },
      ],
    };
    expect(sampleValue(parts, {}, 0, true)).toEqual({ id: 1 });
    expect(validValue({ type: 'string', format: 'duration' }, {}, 'body')).toEqual({ ok: true, value: 'PT5M' });
  });

  it('name a required property beside an allOf no part lists, from the part that lists it if one does', () => {
    // gerermesaffaires.com's profile requires a `File` its one part does not list.
    const sex = { type: 'string', enum: ['male', 'female'] };
    const schema = { allOf: [{ type: 'object', properties: { Sex: sex, Name: { type: 'string' } } }], required: ['Sex', 'File'] };
    expect(sampleValue(schema, {}, 0, true)).toEqual({ Sex: 'male', File: 'fern' });
  });

  it('fill a map of recursive values up to its minProperties', () => {
    // DynamoDB's RequestItems: the faker overflows its stack on its recursive attribute values.
    const attribute = { type: 'object', properties: { S: { type: 'string' }, M: { $ref: '#/map' } } };
    const root = { map: { type: 'object', additionalProperties: attribute } };
    const keys = { type: 'object', required: ['Keys'], properties: { Keys: { type: 'array', minItems: 1, items: root.map } } };
    const schema = {
      type: 'object',
      required: ['RequestItems'],
      properties: { RequestItems: { allOf: [{ type: 'object', minProperties: 1, additionalProperties: keys }] } },
    };
    expect(sampleValue(schema, root, 0, true)).toEqual({ RequestItems: { fern1: { Keys: [{}] } } });
  });

  it('build required properties nested deeper than the sample goes for optional ones', () => {
    // Azure's autoscale rule: body > properties > profiles > rule > metricTrigger > metricName.
    let schema: Record<string, unknown> = { type: 'object', required: ['metricName'], properties: { metricName: { type: 'string' } } };
    for (let level = 0; level < 8; level += 1) schema = { type: 'object', required: ['next'], properties: { next: schema } };
    expect(JSON.stringify(sampleValue(schema, {}, 0, true))).toContain('"metricName":"fern"');
  });

  it('never send in a query an object holding objects, or properties its schema does not list', () => {
    // seldon's `json` parameter: nested messages, and an example `{json: ...}` naming the parameter itself.
    const message = {
      type: 'object',
      properties: { data: { type: 'object', properties: { n: { type: 'integer' } } }, strData: { type: 'string' } },
    };
    for (const example of [{ data: { n: 1 } }, { json: 'x' }]) {
      const built = validValue(message, {}, 'query', [example]);
      expect(built.ok && built.value).not.toEqual(example);
      if (built.ok) expect(Object.keys(built.value as object).every((key) => key === 'strData')).toBe(true);
    }
  });
});
