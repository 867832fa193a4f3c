import { describe, expect, it } from 'vitest';
import { yamlParser } from './yaml-parser.js';

describe('yamlParser', () => {
  it('reads keys named __proto__, constructor and prototype as own data properties', () => {
    const text = 'properties:\n  __proto__: { type: integer }\n  constructor: { type: string }\n  prototype: { type: string }\n';
    const parsed = yamlParser.parse({ data: Buffer.from(text) }) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(parsed.properties)).toBe(Object.prototype);
    expect(Object.keys(parsed.properties)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getOwnPropertyDescriptor(parsed.properties, '__proto__')?.value).toEqual({ type: 'integer' });
  });

  it('hands on a value that is already parsed', () => {
    const value = { a: 1 };
    expect(yamlParser.parse({ data: value })).toBe(value);
  });
});
