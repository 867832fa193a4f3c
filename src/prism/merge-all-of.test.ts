import { describe, expect, it } from 'vitest';
import { withMergeableBody, withoutAllOf } from './merge-all-of.js';

describe('withoutAllOf', () => {
  it('keeps a property named __proto__ as an own property, with its siblings', () => {
    const schema = JSON.parse(
      '{"type":"object","required":["__proto__"],"properties":{"__proto__":{"type":"integer"},"constructor":{"type":"string"}}}',
    );
    const merged = withoutAllOf(schema) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(merged.properties)).toBe(Object.prototype);
    expect(Object.keys(merged.properties)).toEqual(['__proto__', 'constructor']);
    expect(Object.hasOwn(merged.properties, '__proto__')).toBe(true);
    expect(merged.properties.constructor).toEqual({ type: 'string' });
  });

  it('merges allOf parts that name __proto__', () => {
    const schema = JSON.parse(
      '{"allOf":[{"type":"object","properties":{"__proto__":{"type":"integer"}}},{"properties":{"name":{"type":"string"}}}]}',
    );
    const merged = withoutAllOf(schema) as { properties: Record<string, unknown>; allOf?: unknown };
    expect(merged.allOf).toBeUndefined();
    expect(Object.keys(merged.properties).sort()).toEqual(['__proto__', 'name']);
    expect(Object.hasOwn(merged.properties, '__proto__')).toBe(true);
  });

  it('leaves Object.prototype alone', () => {
    withoutAllOf(JSON.parse('{"properties":{"__proto__":{"polluted":true}}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('withMergeableBody', () => {
  const operation = (schema: unknown) => ({ method: 'post', request: { body: { contents: [{ mediaType: 'application/json', schema }] } } });

  it('returns an operation whose body names no __proto__ as it is', () => {
    const same = operation({ type: 'object', properties: { name: { type: 'string' } } });
    expect(withMergeableBody(same)).toBe(same);
  });

  it('leaves out properties named __proto__ only, keeping required and the source untouched', () => {
    const schema = JSON.parse(
      '{"required":["__proto__"],"properties":{"__proto__":{"type":"integer"},"properties":{"properties":{"__proto__":{}}}},"example":{"__proto__":1}}',
    );
    const made = withMergeableBody(operation(schema)).request.body.contents[0]?.schema;
    expect(made).toEqual(JSON.parse('{"required":["__proto__"],"properties":{"properties":{"properties":{}}},"example":{"__proto__":1}}'));
    expect(Object.hasOwn((made as { example: object }).example, '__proto__')).toBe(true);
    expect(Object.hasOwn(schema.properties, '__proto__')).toBe(true);
  });
});
