import { describe, expect, it } from 'vitest';
import { project } from './schema-shape.js';

describe('project', () => {
  it('answers declared properties only, through allOf, never a writeOnly one', () => {
    const schema = {
      allOf: [
        { type: 'object', properties: { name: { type: 'string' } } },
        { properties: { secret: { type: 'string', writeOnly: true }, id: { type: 'integer', readOnly: true } } },
      ],
    };
    expect(project({ name: 'Fern', secret: 's', id: 1, extra: true }, schema)).toEqual({ name: 'Fern', id: 1 });
  });

  it('keeps a value whole where the schema declares no properties, and projects array items', () => {
    expect(project({ a: 1 }, { type: 'object' })).toEqual({ a: 1 });
    expect(project([{ a: 1, b: 2 }], { type: 'array', items: { properties: { a: {} } } })).toEqual([{ a: 1 }]);
  });
});
