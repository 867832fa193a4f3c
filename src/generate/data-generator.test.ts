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

  it('gives the same answer on every server, whatever its seed', () => {
    expect(new DataGenerator(1).answer(account)).toEqual(new DataGenerator(99).answer(account));
  });

  it('fills optional properties in generated (dynamic) answers too', () => {
    const generator = new DataGenerator(5);
    for (let i = 0; i < 5; i += 1)
      expect(Object.keys(generator.generate(account) as object).sort()).toEqual(['avatar', 'currency', 'kind', 'name', 'version']);
  });

  it('generates a recursive schema with bounded depth', () => {
    const node = { type: 'object', required: ['value'], properties: { value: { type: 'integer' }, next: { $ref: '#' } } };
    const generator = new DataGenerator(3);
    expect(() => generator.answer(node)).not.toThrow();
    for (let i = 0; i < 20; i += 1) expect(() => generator.generate(node)).not.toThrow();
  });
});
