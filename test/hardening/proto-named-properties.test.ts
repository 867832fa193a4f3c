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

    // /p's body is checked apart from Prism's validateInput; /q has a query parameter, so Prism checks it.
    const post = (payload: string, url: string) =>
      mock.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

    it.each(['/p', '/q?n=1'])('accepts at %s a body with every required property', async (url) => {
      const response = await post('{"__proto__":1,"constructor":"a","prototype":"b","self":{"__proto__":2,"constructor":"c"}}', url);
      expect(response.statusCode).toBe(200);
    });

    const refused: [string, RegExp][] = [
      ['{"constructor":"a"}', /__proto__/],
      ['{"__proto__":1}', /constructor/],
      ['{"__proto__":1,"constructor":"a","self":{"__proto__":2}}', /constructor/],
      ['{"__proto__":1,"constructor":2}', /constructor/],
      ['{"__proto__":1,"constructor":"a","prototype":3}', /prototype/],
    ];
    it.each(['/p', '/q?n=1'].flatMap((url) => refused.map(([payload, named]) => [url, payload, named] as const)))(
      'refuses at %s the body %s, naming the property',
      async (url, payload, named) => {
        const response = await post(payload, url);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(named);
      },
    );

    it('leaves Object.prototype alone', () => {
      expect(({} as Record<string, unknown>).type).toBeUndefined();
      expect(({} as Record<string, unknown>).properties).toBeUndefined();
    });
  },
);
