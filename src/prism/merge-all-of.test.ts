import { describe, expect, it } from 'vitest';
import { withoutAllOf } from './merge-all-of.js';

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
