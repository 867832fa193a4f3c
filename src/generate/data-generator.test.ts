import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DataGenerator } from './data-generator.js';

const account = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', examples: ['Ada', 'Grace'] },
    kind: { type: 'string', enum: ['basic', 'premium'] },
    currency: { type: 'string', default: 'EUR' },
    version: { const: 2 },
    password: { type: 'string', writeOnly: true },
    avatar: { type: 'string', format: 'byte', pattern: '^[\\w\\d+\\/=]*$' },
  },
};

describe('DataGenerator.answer (static answers)', () => {
  it('uses the document words and fills optional properties', () => {
    const answer = new DataGenerator(7).answer(account) as Record<string, unknown>;
    expect(answer).toMatchObject({ name: 'Ada', kind: 'basic', currency: 'EUR', version: 2 });
    expect(answer).not.toHaveProperty('password');
    expect(String(answer.avatar)).toMatch(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
  });

  it('writes uri-templates whose variable names RFC 6570 allows, static and generated', () => {
    const ajv = new Ajv();
    createRequire(import.meta.url)('ajv-formats')(ajv);
    const valid = ajv.compile({ type: 'string', format: 'uri-template' });
    const generator = new DataGenerator(3);
    const schema = { type: 'string', format: 'uri-template' };
    for (const value of [generator.answer(schema), ...Array.from({ length: 20 }, () => generator.generate(schema))])
      expect(valid(value), String(value)).toBe(true);
  });

  it('leaves out an optional part that closes itself to the properties its anyOf branches need (jira`s JqlQueryClause)', () => {
    const clause = {
      type: 'object',
      additionalProperties: false,
      anyOf: [
        { type: 'object', required: ['clauses'], properties: { clauses: { type: 'array', items: { $ref: '#/__bundled__/clause' } } } },
        { type: 'object', required: ['field'], properties: { field: { type: 'string' } } },
      ],
    };
    const optional = { type: 'string', enum: ['asc', 'desc'] };
    const query = {
      type: 'object',
      additionalProperties: false,
      properties: { where: { $ref: '#/__bundled__/clause' }, order: optional },
      __bundled__: { clause },
    };
    const closedBranchProperties = {
      type: 'object',
      additionalProperties: false,
      properties: { id: { type: 'string' } },
      oneOf: [{ required: ['id'], properties: { id: { minLength: 3 }, extra: { type: 'string' } } }],
    };
    const ajv = new Ajv({ strict: false });
    const generator = new DataGenerator(5);
    for (const schema of [query, closedBranchProperties]) {
      const valid = ajv.compile(schema);
      for (const value of [generator.answer(schema), ...Array.from({ length: 10 }, () => generator.generate(schema))])
        expect(valid(value), JSON.stringify(value)).toBe(true);
    }
    expect(generator.answer(query)).toEqual({ order: 'asc' });
  });

  it('writes every format of the Ajv list valid, static and generated (url and duration included)', () => {
    const ajv = new Ajv();
    createRequire(import.meta.url)('ajv-formats')(ajv);
    const generator = new DataGenerator(3);
    for (const format of ['url', 'duration', 'json-pointer-uri-fragment', 'relative-json-pointer', 'uri', 'date-time', 'email']) {
      const schema = { type: 'string', format };
      const valid = ajv.compile(schema);
      for (const value of [generator.answer(schema), ...Array.from({ length: 20 }, () => generator.generate(schema))])
        expect(valid(value), `${format}: ${String(value)}`).toBe(true);
    }
  });

  it('answers properties named like the faker keywords jsonPath, not and definitions', () => {
    const filter = {
      type: 'object',
      required: ['not'],
      properties: { jsonPath: { type: 'string' }, not: { type: 'boolean' }, definitions: { type: 'array', items: { type: 'integer' } } },
    };
    const schema = { type: 'object', properties: { filter, filters: { type: 'array', minItems: 1, items: filter } } };
    const generator = new DataGenerator(4);
    for (const answer of [generator.answer(schema), generator.generate(schema)] as { filter: object; filters: object[] }[]) {
      for (const value of [answer.filter, answer.filters[0]]) {
        expect(Object.keys(value as object).sort()).toEqual(['definitions', 'jsonPath', 'not']);
        expect(value).toMatchObject({ jsonPath: expect.any(String), not: expect.any(Boolean), definitions: expect.any(Array) });
      }
    }
  });

  it('answers an array that holds what its contains asks, static and generated', () => {
    const ajv = new Ajv2020();
    const schema = { type: 'array', contains: { type: 'integer', exclusiveMinimum: 20, exclusiveMaximum: 50 }, maxContains: 3 };
    const valid = ajv.compile(schema);
    const generator = new DataGenerator(5);
    for (const value of [generator.answer(schema), ...Array.from({ length: 10 }, (_, i) => generator.generate(schema, i))])
      expect(valid(value), JSON.stringify(value)).toBe(true);
  });

  it('gives the same answer on every server, whatever its seed', () => {
    expect(new DataGenerator(1).answer(account)).toEqual(new DataGenerator(99).answer(account));
  });

  it('fills optional properties in generated (dynamic) answers too', () => {
    const generator = new DataGenerator(5);
    for (let i = 0; i < 5; i += 1)
      expect(Object.keys(generator.generate(account) as object).sort()).toEqual(['avatar', 'currency', 'kind', 'name', 'version']);
  });

  it("answers a schema whose extensions hold references, and keeps json-schema-faker's own", () => {
    const mapped = { $ref: '#/__bundled__/shared_1' };
    const item = { type: 'object', required: ['hash'], properties: { hash: { type: 'integer', 'x-mapped-definition': mapped } } };
    const schema = { ...item, properties: { ...item.properties, name: { type: 'string', 'x-faker': 'person.firstName' } } };
    const generator = new DataGenerator(3);
    expect(generator.answer(schema)).toMatchObject({ hash: expect.any(Number), name: expect.any(String) });
    for (let i = 0; i < 5; i += 1) expect(() => generator.generate(schema)).not.toThrow();
  });

  it('generates a recursive schema with bounded depth', () => {
    const node = { type: 'object', required: ['value'], properties: { value: { type: 'integer' }, next: { $ref: '#' } } };
    const generator = new DataGenerator(3);
    expect(() => generator.answer(node)).not.toThrow();
    for (let i = 0; i < 20; i += 1) expect(() => generator.generate(node)).not.toThrow();
  });
});

describe('DataGenerator at the recursion bound', () => {
  // A message requires its reply (null allowed), its thread (an array) and its author (whose required
  // `pinned` summary holds messages too); Prism's bundler moves a recursive `properties` map out whole.
  const properties = {
    id: { type: 'string' },
    reply: { $ref: '#/__bundled__/reply' },
    thread: { type: 'array', items: { $ref: '#/__bundled__/message' } },
    author: {
      type: 'object',
      required: ['name', 'pinned'],
      properties: { name: { type: 'string' }, pinned: { allOf: [{ $ref: '#/__bundled__/summary' }] }, bio: { type: 'string' } },
    },
    quoted: { type: 'object', required: ['id', 'thread'], properties: { $ref: '#/__bundled__/properties' } },
  };
  const required = ['id', 'reply', 'thread', 'author'];
  const message = { type: 'object', required, properties: { $ref: '#/__bundled__/properties' } };
  const summary = {
    type: 'object',
    required: ['thread'],
    properties: { thread: properties.thread, first: { $ref: '#/__bundled__/message' } },
  };
  const bundled = { message, reply: { ...message, type: ['object', 'null'] }, summary, properties };
  const schema = { ...message, __bundled__: bundled };
  // The same schema as a validator reads it: the properties map written out where it is referenced.
  const written = JSON.parse(
    JSON.stringify(bundled)
      .replaceAll('"properties":{"$ref":"#/__bundled__/properties"}', '"$ref":"#/$defs/shape"')
      .replaceAll('#/__bundled__/', '#/$defs/'),
  );
  const valid = new Ajv({ strict: false, allErrors: true }).compile({
    $defs: { ...written, shape: { properties: written.properties } },
    $ref: '#/$defs/message',
  });

  it('answers the smallest valid value of a required recursive part, not an object cut short', () => {
    const generator = new DataGenerator(4);
    const values = [generator.answer(schema), ...Array.from({ length: 10 }, (_, seed) => generator.generate(schema, seed))];
    for (const value of values) {
      expect(value).toHaveProperty('author.pinned');
      expect(valid(value), JSON.stringify(valid.errors)).toBe(true);
    }
    expect(JSON.stringify(values[0]).length).toBeLessThan(20_000);
  });
});

describe('dates whose pattern allows what is no date', () => {
  // Microsoft Graph's date-times: a year of 4 digits or more, which the faker's pattern generator fills.
  const graphDateTime = {
    type: 'string',
    format: 'date-time',
    pattern:
      '^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$',
  };
  const record = { type: 'object', required: ['createdTime'], properties: { createdTime: graphDateTime } };

  it('are generated as dates of the format, for static and seeded answers alike', () => {
    const generator = new DataGenerator(3);
    const values = [generator.answer(record), ...Array.from({ length: 20 }, (_, seed) => generator.generate(record, seed))];
    for (const value of values) expect(Number.isNaN(Date.parse((value as { createdTime: string }).createdTime))).toBe(false);
  });
});

describe('date-times with length bounds', () => {
  // unicourt.com's: `format: date-time` with minLength and maxLength 25, which the faker pads with spaces and then fails to read.
  const record = {
    type: 'object',
    required: ['createdDate'],
    properties: { createdDate: { type: 'string', format: 'date-time', minLength: 25, maxLength: 25 } },
  };

  it('are generated as date-times of a length within the bounds', () => {
    const generator = new DataGenerator(3);
    const values = [generator.answer(record), ...Array.from({ length: 10 }, (_, seed) => generator.generate(record, seed))];
    for (const value of values) {
      const { createdDate } = value as { createdDate: string };
      expect(createdDate).toHaveLength(25);
      expect(createdDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
      expect(Number.isNaN(Date.parse(createdDate))).toBe(false);
    }
  });
});

describe('DataGenerator under combinations the faker cannot clean', () => {
  // Microsoft Graph's shape: a navigation property under anyOf whose value holds a list of objects
  // with an empty object inside; json-schema-faker's clean() step threw on it.
  const owner = {
    type: 'object',
    required: ['owner'],
    properties: {
      owner: {
        anyOf: [
          {
            type: 'object',
            required: ['list'],
            properties: {
              list: {
                type: 'array',
                minItems: 1,
                items: { type: 'object', required: ['inner'], properties: { inner: { type: 'object' } } },
              },
            },
          },
          { type: 'object', nullable: true },
        ],
      },
    },
  };

  it('answers a static body', () => {
    expect(new DataGenerator(1).answer(owner)).toEqual({ owner: { list: [{ inner: {} }] } });
  });

  it('answers generated bodies, whichever branch is drawn', () => {
    const generator = new DataGenerator(1);
    for (let seed = 1; seed <= 8; seed += 1) expect(generator.generate(owner, seed)).toHaveProperty('owner');
  });
});

describe('DataGenerator on schemas the faker alone answers wrongly', () => {
  it('answers integers for an integer format on a number, and objects as large as minProperties', () => {
    const generator = new DataGenerator(7);
    const schema = {
      type: 'object',
      required: ['month', 'tags'],
      properties: {
        month: { type: 'number', format: 'int32' },
        tags: { type: 'object', minProperties: 1, additionalProperties: { type: 'string' } },
      },
    };
    for (const value of [generator.answer(schema), generator.generate(schema), generator.generate(schema)]) {
      const { month, tags } = value as { month: number; tags: Record<string, string> };
      expect(Number.isInteger(month)).toBe(true);
      expect(Object.keys(tags).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('answers a fractional number inside exclusive bounds less than 2 apart, static and generated', () => {
    const generator = new DataGenerator(7);
    const rates: [Record<string, unknown>, (value: number) => boolean][] = [
      [{ type: 'number', minimum: 0, maximum: 1, exclusiveMinimum: true, exclusiveMaximum: true }, (v) => v > 0 && v < 1],
      [{ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, (v) => v > 0 && v < 1],
      [{ type: 'number', exclusiveMinimum: -0.5, maximum: 0 }, (v) => v > -0.5 && v <= 0],
      [{ type: ['number', 'null'], minimum: 2, exclusiveMaximum: 3.5 }, (v) => v >= 2 && v < 3.5],
    ];
    for (const [rate, inside] of rates) {
      for (const value of [generator.answer(rate), generator.generate(rate), generator.generate(rate)])
        expect(value === null ? [rate.type].flat().includes('null') : typeof value === 'number' && inside(value), String(value)).toBe(true);
    }
  });

  it('never answers a huge exclusive bound, which a step of 1 or multipleOf cannot move in doubles', () => {
    const generator = new DataGenerator(7);
    const huge: [Record<string, unknown>, (value: number) => boolean][] = [
      [{ type: 'number', exclusiveMinimum: 1e17, exclusiveMaximum: 1e17 + 64 }, (v) => v > 1e17 && v < 1e17 + 64],
      [{ type: 'integer', exclusiveMinimum: 1e17, maximum: 1e17 + 64 }, (v) => v > 1e17 && v <= 1e17 + 64],
      [{ type: 'integer', minimum: -1e17 - 64, exclusiveMaximum: -1e17 }, (v) => v < -1e17 && v >= -1e17 - 64],
      [{ type: 'integer', multipleOf: 2, exclusiveMinimum: 1e17, maximum: 1e17 + 64 }, (v) => v > 1e17 && v <= 1e17 + 64],
    ];
    for (const [schema, inside] of huge) {
      const values = [generator.answer(schema), ...Array.from({ length: 30 }, () => generator.generate(schema))];
      expect(values.filter((v) => !(typeof v === 'number' && inside(v)))).toEqual([]);
    }
  });

  it('answers a number beside a far bound given alone, never null or past it', () => {
    const generator = new DataGenerator(7);
    const far: [Record<string, unknown>, (value: number) => boolean][] = [
      [{ type: 'number', minimum: 1e17 }, (v) => v >= 1e17],
      [{ type: 'number', exclusiveMinimum: 1e17 }, (v) => v > 1e17],
      [{ type: 'number', maximum: -1e9 }, (v) => v <= -1e9],
      [{ type: 'integer', exclusiveMaximum: -1e17 }, (v) => v < -1e17 && Number.isInteger(v)],
    ];
    for (const [schema, inside] of far) {
      const values = [generator.answer(schema), ...Array.from({ length: 30 }, () => generator.generate(schema))];
      expect(values.filter((v) => !(typeof v === 'number' && inside(v)))).toEqual([]);
    }
  });

  it('answers whole multiples of multipleOf, as numbers, where a side is far or open, the same again with the same seed', () => {
    const schemas = [
      { type: 'number', multipleOf: 0.5 },
      { type: 'number', multipleOf: 0.25, minimum: 0, exclusiveMaximum: 1 },
      { type: 'number', multipleOf: 0.5, exclusiveMinimum: 0, exclusiveMaximum: 1 },
      { type: 'integer', multipleOf: 1e9, maximum: -1 },
      { type: 'number', multipleOf: 0.5, exclusiveMaximum: 1e17 },
    ];
    for (const schema of schemas) {
      const draw = () => {
        const generator = new DataGenerator(11);
        return [generator.answer(schema), ...Array.from({ length: 40 }, () => generator.generate(schema))];
      };
      const values = draw();
      expect(values.filter((v) => !(typeof v === 'number' && Number.isInteger(v / schema.multipleOf)))).toEqual([]);
      expect(draw()).toEqual(values);
    }
    const inside = [new DataGenerator(3).generate(schemas[2] as Record<string, unknown>)];
    expect(inside).toEqual([0.5]);
  });

  it('answers multiples of a decimal multipleOf that Ajv, dividing in doubles, reads as multiples', () => {
    // 0.3 / 0.1 is 2.9999999999999996 and 70.82 / 0.01 is 7081.999999999999: Ajv (and so Prism) refuses both.
    const schemas = [
      { type: 'number', multipleOf: 0.1, minimum: 0, maximum: 1 },
      { type: 'number', multipleOf: 0.1 },
      { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 100 },
      { type: 'number', multipleOf: 0.3, minimum: -5, maximum: 5 },
      { type: 'number', multipleOf: 0.07 },
      { type: 'number', multipleOf: 1e-9, minimum: 0, maximum: 1 },
    ];
    for (const schema of schemas) {
      const validate = new Ajv({ strict: false }).compile(schema);
      const draw = () => {
        const generator = new DataGenerator(3);
        return [generator.answer(schema), ...Array.from({ length: 60 }, () => generator.generate(schema))];
      };
      const values = draw();
      expect(
        values.filter((v) => !validate(v)),
        JSON.stringify(schema),
      ).toEqual([]);
      expect(new Set(values).size, JSON.stringify(schema)).toBeGreaterThan(5);
      expect(draw()).toEqual(values);
    }
  });

  it('answers properties named like keywords (properties, items) whose schemas give no type', () => {
    const generator = new DataGenerator(7);
    const schema = {
      type: 'object',
      properties: {
        properties: {
          required: ['status'],
          properties: {
            status: { type: 'string' },
            pools: { type: 'array', items: { type: 'object', properties: { size: { type: 'integer' } } } },
          },
        },
        items: { items: { type: 'string' } },
      },
    };
    const validate = new Ajv({ strict: false }).compile({
      ...schema,
      properties: { properties: { type: 'object', ...schema.properties.properties }, items: { type: 'array', ...schema.properties.items } },
    });
    for (const value of [generator.answer(schema), generator.generate(schema), generator.generate(schema)]) {
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      expect(Object.keys((value as { properties: object }).properties)).toContain('status');
    }
  });

  it('leaves out optional properties of allOf branches that additionalProperties beside them refuses', () => {
    const generator = new DataGenerator(7);
    const resource = { type: 'object', properties: { id: { type: 'string' }, location: { type: 'string' } } };
    const schema = {
      type: 'object',
      additionalProperties: { type: 'object' },
      allOf: [{ allOf: [resource] }],
      properties: { identity: { type: 'object', properties: { type: { type: 'string' } } } },
    };
    const validate = new Ajv({ strict: false }).compile(schema);
    for (const value of [generator.answer(schema), generator.generate(schema), generator.generate(schema)]) {
      expect(Object.keys(value as object)).toContain('identity');
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});
