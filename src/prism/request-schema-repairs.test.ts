import { describe, expect, it } from 'vitest';
import { forPrismValidation } from './request-schema-repairs.js';

type Schema = Record<string, unknown>;

function operationWith(schema: Schema, bundled: Record<string, unknown>) {
  return { request: { body: { contents: [{ mediaType: 'application/json', schema }] } }, __bundled__: bundled };
}

describe('the request schemas Prism validates against', () => {
  it('share every bundled schema the repairs leave as it was, so a large bundle is not held twice', () => {
    const plain = { type: 'object', properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } };
    const expandable = { description: 'an id or the object', anyOf: [{ type: 'string' }, { $ref: '#/__bundled__/plain' }], nullable: true };
    const holder = { type: 'object', properties: { owner: expandable, label: { type: 'string' } } };
    const operation = operationWith({ $ref: '#/__bundled__/holder' }, { plain, holder });
    const repaired = forPrismValidation(operation).__bundled__ as Record<string, Schema>;
    expect(repaired.plain).toBe(plain);
    const properties = (repaired.holder as { properties: Record<string, Schema> }).properties;
    expect(properties.label).toBe(holder.properties.label);
    expect(properties.owner).toEqual({ anyOf: [{ description: 'an id or the object', anyOf: expandable.anyOf }, { type: 'null' }] });
    const branches = (properties.owner as { anyOf: Schema[] }).anyOf;
    expect(branches[0]?.anyOf).toBe(expandable.anyOf);
    expect(expandable.nullable).toBe(true);
  });

  it('leave int64 fields plain integers where the reader bounded them, and share the rest', () => {
    const other = { type: 'string', maxLength: 3 };
    const schema = {
      type: 'object',
      properties: { id: { type: 'integer', format: 'int64', minimum: -9007199254740991, maximum: 9007199254740991 }, other },
    };
    const body = forPrismValidation(operationWith(schema, {})).request.body.contents[0]?.schema as { properties: Record<string, Schema> };
    expect(body.properties.id).toEqual({ type: 'integer' });
    // Beside `nullable`, the reader lists the bounds it added among the written ones.
    const listed = { type: 'integer', format: 'int64', minimum: -9007199254740991, maximum: 9007199254740991 };
    const twice = forPrismValidation(
      operationWith({ ...listed, 'x-stoplight': { explicitProperties: ['type', 'format', 'nullable', 'minimum', 'maximum'] } }, {}),
    );
    expect(twice.request.body.contents[0]?.schema).toMatchObject({ type: 'integer' });
    expect(twice.request.body.contents[0]?.schema?.maximum).toBeUndefined();
    expect(body.properties.other).toBe(other);
    expect(schema.properties.id.format).toBe('int64');
  });

  it('keep a bundle without anything to repair as it is', () => {
    const bundled = { a: { type: 'object', properties: { n: { type: 'number', nullable: true } } } };
    expect(forPrismValidation(operationWith({ $ref: '#/__bundled__/a' }, bundled)).__bundled__).toBe(bundled);
  });

  it('drop the float bounds the reader added in bodies, parameters and bundled schemas, and keep written ones', () => {
    const implicit = { 'x-stoplight': { explicitProperties: ['type', 'format'] } };
    const float = { type: 'number', format: 'float', minimum: -(2 ** 128), maximum: 2 ** 128 - 1, ...implicit };
    const written = { ...float, maximum: 1, 'x-stoplight': { explicitProperties: ['type', 'format', 'maximum'] } };
    // Beside `nullable`, the reader lists the bounds it added among the written ones.
    const twice = { ...float, 'x-stoplight': { explicitProperties: ['type', 'format', 'minimum', 'maximum'] } };
    const node = { type: 'object', properties: { left: float, top: written, width: twice, format: { type: 'string' } } };
    const operation = {
      request: {
        body: { contents: [{ mediaType: 'application/json', schema: { $ref: '#/__bundled__/node' } }] },
        query: [
          { name: 'threshold', schema: float },
          { name: 'name', schema: { type: 'string' } },
        ],
      },
      __bundled__: { node },
    };
    const repaired = forPrismValidation(operation);
    const properties = (repaired.__bundled__ as { node: { properties: Record<string, Schema> } }).node.properties;
    expect(properties.left).toEqual({ type: 'number', format: 'float', ...implicit });
    expect(properties.top).toMatchObject({ format: 'float', maximum: 1 });
    expect(properties.top?.minimum).toBeUndefined();
    expect(properties.width?.maximum).toBeUndefined();
    expect(properties.width?.minimum).toBeUndefined();
    expect(properties.format).toBe(node.properties.format);
    const [threshold, name] = repaired.request.query as { schema: Schema }[];
    expect(threshold?.schema).toEqual({ type: 'number', format: 'float', ...implicit });
    expect(name).toBe(operation.request.query[1]);
  });
});
