import { describe, expect, it } from 'vitest';
import { prepareSchema } from './prepare-schema.js';

const tree = {
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string' }, children: { type: 'array', items: { $ref: '#/__bundled__/node' } } },
  __bundled__: {
    node: {
      type: 'object',
      required: ['title'],
      properties: { title: { type: 'string' }, children: { type: 'array', items: { $ref: '#/__bundled__/node' } } },
    },
  },
};

describe('prepareSchema', () => {
  it('inlines references to the bundle and ends a recursive array with an empty one', () => {
    const prepared = JSON.stringify(prepareSchema(tree, 'dynamic'));
    expect(prepared).not.toContain('$ref');
    expect(prepared).not.toContain('__bundled__');
    expect(prepared).toContain('"maxItems":0');
  });

  it('leaves out an optional property whose recursion runs out, and fails nothing required', () => {
    const person = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, boss: { $ref: '#' } },
    };
    const prepared = prepareSchema(person, 'dynamic');
    expect(JSON.stringify(prepared)).not.toContain('$ref');
  });

  it('answers no item where every oneOf branch has a twin, and keeps the branches that have none', () => {
    const category = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
    const twins = { oneOf: [{ $ref: '#/$defs/category' }, { $ref: '#/$defs/category' }] };
    const list = { type: 'object', properties: { included: { type: 'array', items: twins } }, $defs: { category } };
    const included = (prepareSchema(list, 'static').properties as Record<string, Record<string, unknown>>).included;
    expect(included?.maxItems).toBe(0);
    const required = { ...list, required: ['one'], properties: { one: twins } };
    expect(prepareSchema(required, 'dynamic')).toEqual({});
    const mixed = { oneOf: [{ type: 'integer' }, { type: 'string' }, { type: 'integer' }] };
    expect(prepareSchema(mixed, 'dynamic')).toEqual({ oneOf: [{ type: 'string' }] });
  });

  it('drops the oneOf branch that recurses once the depth is spent', () => {
    const list = { type: 'object', properties: { next: { oneOf: [{ $ref: '#' }, { type: 'null' }] } } };
    const text = JSON.stringify(prepareSchema(list, 'dynamic'));
    expect(text).not.toContain('$ref');
    expect(text).toContain('"oneOf":[{"type":"null"}]');
  });

  it('leaves out an optional property whose pattern no string matches, and keeps a required one', () => {
    const schema = {
      type: 'object',
      required: ['code'],
      properties: { nic: { type: 'string', pattern: '/^[0-9]{5}$/i' }, code: { type: 'string', pattern: '/^[a-z]$/' } },
    };
    const prepared = prepareSchema(schema, 'static');
    expect(Object.keys(prepared.properties as object)).toEqual(['code']);
  });

  it('leaves out the optional part whose required member no string matches, up through its parents', () => {
    // dataexchange: a required CatalogId of `.*/^[\\d]{12}$/.*` under an optional, required-member policy.
    const catalogId = {
      allOf: [{ type: 'string', pattern: '.*/^[\\d]{12}$/.*', minLength: 12, maxLength: 12 }, { description: 'the catalog' }],
    };
    const schema = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string' },
        policy: {
          type: 'object',
          required: ['expression'],
          properties: { expression: { type: 'object', required: ['catalogId'], properties: { catalogId } } },
        },
        policies: { type: 'array', items: { type: 'object', required: ['catalogId'], properties: { catalogId } } },
        tagged: { type: 'array', minItems: 1, items: { type: 'object', required: ['catalogId'], properties: { catalogId } } },
      },
    };
    for (const mode of ['static', 'dynamic'] as const) {
      const prepared = prepareSchema(schema, mode);
      expect(Object.keys(prepared.properties as object)).toEqual(['id', 'policies']);
      expect((prepared.properties as Record<string, { maxItems?: number }>).policies?.maxItems).toBe(0);
    }
  });

  it('still makes a whole schema no value fits as before, part by part', () => {
    const schema = {
      type: 'object',
      required: ['catalogId'],
      properties: { catalogId: { type: 'string', pattern: '/^[a-z]$/' }, name: { type: 'string' } },
    };
    expect(Object.keys(prepareSchema(schema, 'static').properties as object)).toEqual(['catalogId', 'name']);
  });

  it('leaves out an optional property whose enum holds no value of its type, keeping those that do', () => {
    const schema = {
      type: 'object',
      properties: {
        aspectRatio: { type: 'string', enum: [969, 556], example: 969 },
        size: { type: 'number', enum: [2, 'big'] },
        fit: { type: 'string', nullable: true, enum: [null] },
      },
    };
    for (const mode of ['static', 'dynamic'] as const)
      expect(Object.keys(prepareSchema(schema, mode).properties as object)).toEqual(['size', 'fit']);
  });

  it("leaves out an optional property whose enum holds no value its length bounds let through (adyen's gender)", () => {
    const schema = {
      type: 'object',
      properties: {
        gender: { type: 'string', enum: ['MALE', 'FEMALE', 'UNKNOWN'], maxLength: 1 },
        size: { type: 'string', enum: ['S', 'XL'], maxLength: 1 },
        code: { type: 'string', enum: ['a', 'bb'], minLength: 3 },
      },
    };
    for (const mode of ['static', 'dynamic'] as const)
      expect(Object.keys(prepareSchema(schema, mode).properties as object)).toEqual(['size']);
  });

  it('never answers writeOnly properties', () => {
    const schema = { type: 'object', required: ['password'], properties: { password: { type: 'string', writeOnly: true } } };
    expect(prepareSchema(schema, 'dynamic')).toEqual({ type: 'object', required: [], properties: {} });
  });

  it('turns a numeric exclusiveMinimum into the boolean form the faker reads', () => {
    expect(prepareSchema({ type: 'number', exclusiveMinimum: 0 }, 'dynamic')).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
    });
  });

  it('drops the pattern Prism adds to format byte', () => {
    expect(prepareSchema({ type: 'string', format: 'byte', pattern: '^[\\w]*$' }, 'dynamic')).toEqual({ type: 'string', format: 'byte' });
  });

  it('generates a number with an integer format as an integer', () => {
    expect(prepareSchema({ type: 'number', format: 'int32', minimum: 0 }, 'dynamic')).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 0,
    });
    expect(prepareSchema({ type: 'number', format: 'float' }, 'dynamic')).toEqual({ type: 'number', format: 'float' });
  });

  it('names as many additional properties as minProperties asks beyond the named ones', () => {
    const tags = { type: 'object', minProperties: 2, additionalProperties: { type: 'string', maxLength: 5 } };
    expect(prepareSchema(tags, 'static')).toMatchObject({
      properties: { additionalProp1: { type: 'string', maxLength: 5 }, additionalProp2: { type: 'string', maxLength: 5 } },
      required: ['additionalProp1', 'additionalProp2'],
    });
    const named = { type: 'object', minProperties: 1, properties: { a: { type: 'string' } } };
    expect(prepareSchema(named, 'static')).toEqual(named);
    const closed = { type: 'object', minProperties: 1, additionalProperties: false };
    expect(prepareSchema(closed, 'static')).toEqual(closed);
  });

  it('leaves string words out of a schema of another type, where they judge nothing', () => {
    const cards = { type: 'array', pattern: '^[A-Z]{2}$', minLength: 2, maxLength: 2, items: { type: 'string', pattern: '^[A-Z]{2}$' } };
    expect(prepareSchema(cards, 'static')).toEqual({ type: 'array', items: { type: 'string', pattern: '^[A-Z]{2}$' }, maxItems: 1 });
  });

  it('keeps only the first of examples and the first enum value in static answers', () => {
    expect(prepareSchema({ type: 'string', examples: ['a', 'b'], default: 'c' }, 'static')).toEqual({ type: 'string', examples: ['a'] });
    expect(prepareSchema({ type: 'string', enum: ['x', 'y'] }, 'static')).toEqual({ type: 'string', enum: ['x'] });
    expect(prepareSchema({ type: 'string', enum: ['x', 'y'], default: 'y' }, 'static')).toEqual({
      type: 'string',
      enum: ['x', 'y'],
      default: 'y',
    });
  });

  it('answers the non-null type of a type array and the first oneOf branch in static answers', () => {
    expect(prepareSchema({ type: ['string', 'null'] }, 'static')).toEqual({ type: 'string' });
    expect(prepareSchema({ oneOf: [{ type: 'string' }, { type: 'integer' }] }, 'static')).toEqual({ oneOf: [{ type: 'string' }] });
  });

  it('gives static arrays one item, or their minItems', () => {
    expect(prepareSchema({ type: 'array', items: { type: 'string' } }, 'static')).toMatchObject({ maxItems: 1 });
    expect(prepareSchema({ type: 'array', minItems: 3, items: { type: 'string' } }, 'static')).toMatchObject({ maxItems: 3 });
  });
});

describe('prepareSchema on many schemas referring to each other', () => {
  it('stays small: references stop being followed past a budget', () => {
    const names = Array.from({ length: 8 }, (_, i) => `s${i}`);
    const bundle = Object.fromEntries(
      names.map((name) => [
        name,
        { type: 'object', properties: Object.fromEntries(names.map((other) => [other, { $ref: `#/__bundled__/${other}` }])) },
      ]),
    );
    const schema = { $ref: '#/__bundled__/s0', __bundled__: bundle };
    const text = JSON.stringify(prepareSchema(schema, 'dynamic'));
    expect(text).not.toContain('$ref');
    expect(text.length).toBeLessThan(2_000_000);
  });
});

describe('prepareSchema bounds on large documents', () => {
  it('gives arrays inside arrays one item in generated answers', () => {
    const grid = {
      type: 'array',
      items: { type: 'object', properties: { cells: { type: 'array', minItems: 0, items: { type: 'string' } } } },
    };
    const prepared = prepareSchema(grid, 'dynamic') as { maxItems?: number; items: { properties: { cells: { maxItems?: number } } } };
    expect(prepared.maxItems).toBeUndefined();
    expect(prepared.items.properties.cells.maxItems).toBe(1);
  });

  it('stops inlining references past its size budget, leaving out what is optional', () => {
    const wide = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`r${i}`, { $ref: '#/__bundled__/wide' }]));
    const schema = { type: 'object', properties: many, __bundled__: { wide: { type: 'object', properties: wide } } };
    const prepared = prepareSchema(schema, 'dynamic') as { properties: Record<string, unknown> };
    expect(Object.keys(prepared.properties).length).toBeGreaterThan(0);
    expect(Object.keys(prepared.properties).length).toBeLessThan(100);
  });

  it('still makes the required parts that come after the optional ones spent the budget (Stripe`s issuing.dispute)', () => {
    const wide = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`r${i}`, { $ref: '#/__bundled__/wide' }]));
    const small = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { $ref: '#/__bundled__/wide' } } };
    const schema = {
      type: 'object',
      required: ['late'],
      properties: { ...many, late: { $ref: '#/__bundled__/small' } },
      __bundled__: { wide: { type: 'object', properties: wide }, small },
    };
    const prepared = prepareSchema(schema, 'static') as { properties: Record<string, { required?: string[] }> };
    expect(prepared.properties.late?.required).toEqual(['id']);
    expect(Object.keys(prepared.properties).length).toBeLessThan(101);
  });
});
