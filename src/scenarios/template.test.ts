import { describe, expect, it } from 'vitest';
import { renderTemplate } from './template.js';

describe('renderTemplate', () => {
  const context = { body: { id: 42, name: 'Fern', nested: { a: [1, 2] } }, stored: new Map([['42', { name: 'Kept' }]]) };

  it('keeps the type of a whole placeholder and writes text inside longer strings', () => {
    expect(renderTemplate({ id: '{{/body/id}}', text: 'id={{ /body/id }}!' }, context)).toEqual({ id: 42, text: 'id=42!' });
  });

  it('leaves out keys whose placeholder resolves to nothing', () => {
    expect(renderTemplate({ name: '{{/body/name}}', tag: '{{/body/tag}}' }, context)).toEqual({ name: 'Fern' });
  });

  it('reads stored data through Maps and arrays by index', () => {
    expect(renderTemplate(['{{/stored/42/name}}', '{{/body/nested/a/1}}'], context)).toEqual(['Kept', 2]);
  });

  it('never follows inherited properties', () => {
    expect(renderTemplate({ a: '{{/body/constructor}}', b: '{{/body/__proto__}}', c: '{{/body/name/length}}' }, context)).toEqual({});
  });

  it('keeps a __proto__ key of the template as plain data', () => {
    const rendered = renderTemplate(JSON.parse('{"__proto__": {"polluted": true}}'), context) as Record<string, unknown>;
    expect(Object.hasOwn(rendered, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
