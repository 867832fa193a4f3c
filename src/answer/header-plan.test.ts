import { describe, expect, it } from 'vitest';
import { DataGenerator } from '../generate/data-generator.js';
import type { MockHeader, MockResponseSpec } from '../openapi/operation.js';
import { isOwnedHeader, planHeaders, serialize } from './header-plan.js';

const header = (name: string, rest: Partial<MockHeader> = {}): MockHeader => ({
  name,
  required: false,
  schema: undefined,
  examples: [],
  ...rest,
});
const response = (...headers: MockHeader[]): MockResponseSpec => ({ code: '200', contents: [], headers });
const generator = new DataGenerator(1);

describe('planHeaders', () => {
  it('takes the example first, then the schema default, example and first enum value', () => {
    const plan = planHeaders(
      response(
        header('X-Rate-Limit', { schema: { type: 'integer', default: 5 }, examples: [{ name: '__default', value: 100 }] }),
        header('X-Region', { schema: { type: 'string', default: 'eu-west' } }),
        header('X-Kind', { schema: { type: 'string', examples: ['fern'] } }),
        header('X-Mode', { schema: { type: 'string', enum: ['a', 'b'] } }),
      ),
      generator,
    );
    expect(plan.all).toEqual({ 'x-rate-limit': '100', 'x-region': 'eu-west', 'x-kind': 'fern', 'x-mode': 'a' });
  });

  it('generates a value from the schema when the document gives none, the same every time', () => {
    const documented = response(header('X-Request-Id', { required: true, schema: { type: 'string', format: 'uuid' } }));
    const first = planHeaders(documented, generator).all['x-request-id'];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(planHeaders(documented, new DataGenerator(99)).all['x-request-id']).toBe(first);
  });

  it('keeps the required headers apart for generated answers', () => {
    const plan = planHeaders(
      response(
        header('Location', { required: true, schema: { type: 'string', default: '/x' } }),
        header('X-Opt', { schema: { default: 'o' } }),
      ),
      generator,
    );
    expect(plan.required).toEqual({ location: '/x' });
    expect(plan.all).toEqual({ location: '/x', 'x-opt': 'o' });
  });

  it('never plans headers the mock writes itself', () => {
    const owned = ['Content-Type', 'content-length', 'X-Mock-Error', 'Access-Control-Allow-Origin'];
    expect(owned.every(isOwnedHeader)).toBe(true);
    const plan = planHeaders(response(...owned.map((name) => header(name, { schema: { default: 'x' } }))), generator);
    expect(plan.all).toEqual({});
  });
});

describe('serialize', () => {
  it('writes arrays and objects in the simple style', () => {
    expect(serialize(['a', 'b'])).toBe('a,b');
    expect(serialize({ x: 1, y: 2 })).toBe('x,1,y,2');
    expect(serialize(7)).toBe('7');
  });

  it('keeps header values to what HTTP allows', () => {
    expect(serialize('a\r\nb€')).toBe('a??b?');
  });
});
