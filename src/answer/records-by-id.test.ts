import { describe, expect, it } from 'vitest';
import { DataGenerator } from '../generate/data-generator.js';
import type { JsonSchema } from '../json/json-schema.js';
import { recordOf, withSeededRecords } from './records-by-id.js';

const thing: JsonSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, size: { type: 'integer', maximum: 1000 } },
};
const list: JsonSchema = { type: 'array', items: thing };
const page: JsonSchema = { type: 'object', properties: { total: { type: 'integer' }, data: list } };
const generator = new DataGenerator(1);

describe('records seeded by their identifier', () => {
  it('makes the detail of an identifier and the listed element with that id the same record', () => {
    const detail = recordOf(thing, { id: '42' }, generator, { dynamic: false })?.body as Record<string, unknown>;
    const [listed] = withSeededRecords([{ id: 42, name: 'x', size: 1 }], list, generator, { dynamic: false }) as Record<string, unknown>[];
    expect({ ...detail, id: 42 }).toEqual(listed);
    const other = recordOf(thing, { id: '43' }, generator, { dynamic: false })?.body as Record<string, unknown>;
    expect({ ...other, id: 42 }).not.toEqual(listed);
  });

  it('depends on the seed when generated, and not on the server', () => {
    const one = recordOf(thing, { id: '7' }, new DataGenerator(5), { dynamic: true });
    expect(recordOf(thing, { id: '7' }, new DataGenerator(5), { dynamic: true })).toEqual(one);
    expect(recordOf(thing, { id: '7' }, new DataGenerator(1), { dynamic: true, seed: 5 })).toEqual(one);
  });

  it('reseeds the records a top-level property lists, on a copy, and leaves elements without an id', () => {
    const body = { total: 2, data: [{ id: 1, name: 'a' }, { name: 'no id' }] };
    const seeded = withSeededRecords(body, page, generator, { dynamic: false }) as { total: number; data: unknown[] };
    expect(seeded.total).toBe(2);
    expect(seeded.data[1]).toEqual({ name: 'no id' });
    expect(seeded.data[0]).toEqual({ ...(recordOf(thing, { id: '1' }, generator, { dynamic: false })?.body as object), id: 1 });
    expect(body.data[0]).toEqual({ id: 1, name: 'a' });
  });

  it('lists the records a record holds as their own details answer', () => {
    const owner: JsonSchema = { type: 'object', properties: { id: { type: 'integer' }, pets: list } };
    const body = recordOf(owner, { ownerId: '3' }, generator, { dynamic: true, seed: 2 })?.body as { pets: { id: number }[] };
    expect(body.pets.length).toBeGreaterThan(0);
    for (const pet of body.pets)
      expect(pet).toEqual({
        ...(recordOf(thing, { id: String(pet.id) }, generator, { dynamic: true, seed: 2 })?.body as object),
        id: pet.id,
      });
  });

  it('makes no record where the schema has no property for the identifier, or the request names none', () => {
    const tag: JsonSchema = { type: 'object', properties: { label: { type: 'string' } } };
    expect(recordOf(tag, { id: '1' }, generator, { dynamic: false })).toBeUndefined();
    expect(recordOf(thing, undefined, generator, { dynamic: false })).toBeUndefined();
    expect(withSeededRecords({ label: 'x' }, tag, generator, { dynamic: false })).toEqual({ label: 'x' });
  });
});
