import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

describe.each(['proto-properties.yaml', 'proto-properties.json'])(
  'a schema with properties named __proto__, constructor and prototype (%s)',
  (name) => {
    let mock: MockServer;
    beforeAll(async () => {
      mock = await createMockServer({ spec: fixture(name), logLevel: 'silent' });
    });
    afterAll(() => mock.close());

    const post = (payload: string) => mock.inject({ method: 'POST', url: '/p', headers: { 'content-type': 'application/json' }, payload });

    it('accepts a body with every required property', async () => {
      const response = await post('{"__proto__":1,"constructor":"a","prototype":"b","self":{"__proto__":2,"constructor":"c"}}');
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ['{"constructor":"a"}', /__proto__/],
      ['{"__proto__":1}', /constructor/],
      ['{"__proto__":1,"constructor":"a","self":{"__proto__":2}}', /constructor/],
      ['{"__proto__":1,"constructor":2}', /constructor/],
      ['{"__proto__":1,"constructor":"a","prototype":3}', /prototype/],
    ])('refuses %s, naming the property', async (payload, named) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(named);
    });

    it('leaves Object.prototype alone', () => {
      expect(({} as Record<string, unknown>).type).toBeUndefined();
      expect(({} as Record<string, unknown>).properties).toBeUndefined();
    });
  },
);
