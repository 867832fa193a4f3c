import { describe, expect, it } from 'vitest';
import { isPostmanCollection, postmanAsOpenApi } from './postman-document.js';

const json = [{ key: 'Content-Type', value: 'application/json' }];
const collection = {
  info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [
    {
      name: 'Get item',
      request: {
        method: 'GET',
        auth: {
          type: 'apikey',
          apikey: [
            { key: 'key', value: 'X-Key' },
            { key: 'in', value: 'header' },
          ],
        },
        header: [{ key: 'X-Trace', value: 'abc' }],
        url: { path: ['items', ':id'] },
      },
      response: [
        { name: 'One', code: 200, header: json, body: '{"id":1}' },
        { name: 'Two', code: 200, header: json, body: '{"id":2,"name":"b"}' },
        { name: 'Gone', code: 404, header: [], body: '' },
      ],
    },
  ],
};

describe('a Postman collection read as an OpenAPI document', () => {
  it('is told from other documents as Prism tells it', () => {
    expect(isPostmanCollection(collection)).toBe(true);
    expect(isPostmanCollection({ openapi: '3.1.0', info: { name: 'x' }, paths: {} })).toBe(false);
    expect(isPostmanCollection({ item: [] })).toBe(false);
  });

  it('writes each request an operation: parameters, every saved example by name, inferred schemas, auth as a security scheme', () => {
    const document = postmanAsOpenApi(collection) as { paths: Record<string, Record<string, Record<string, unknown>>> } & Record<
      string,
      unknown
    >;
    expect(document).toMatchObject({ openapi: '3.1.0', info: { title: 'Shop' } });
    expect(document.components).toEqual({ securitySchemes: { 'apiKey-0': { type: 'apiKey', name: 'X-Key', in: 'header' } } });
    const get = document.paths['/items/{id}']?.get as Record<string, unknown>;
    expect(get.security).toEqual([{ 'apiKey-0': [] }]);
    expect(get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'x-trace', in: 'header', required: true, schema: { type: 'string' }, example: 'abc' },
    ]);
    expect(get.responses).toEqual({
      '200': {
        description: '',
        content: {
          'application/json': {
            // The answers of one status merged as Prism's reader merges them: one schema of the shapes seen.
            schema: {
              anyOf: [
                { type: 'object', properties: { id: { type: 'integer' } } },
                { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
              ],
            },
            examples: { default: { value: { id: 1 } }, 'default-2': { value: { id: 2, name: 'b' } } },
          },
        },
      },
      '404': { description: '' },
    });
  });
});

describe('a hostile Postman collection', () => {
  it.each(['__proto__', 'constructor', 'toString'])(
    'with a JSON body member named %s is refused, and no built-in object changes',
    (name) => {
      const hostile = {
        info: { name: 'X' },
        item: [
          {
            name: 'r',
            request: { method: 'GET', url: 'http://x/a' },
            response: [{ name: 'ok', code: 200, header: json, body: `{"a":{"${name}":{"x":1}}}` }],
          },
        ],
      };
      const enumerable = () =>
        Object.keys(Object.getOwnPropertyDescriptors(Object.prototype)).filter((key) =>
          Object.prototype.propertyIsEnumerable.call(Object.prototype, key),
        );
      try {
        expect(() => postmanAsOpenApi(hostile)).toThrow(`a JSON body has a member named "${name}"`);
        expect(enumerable()).toEqual([]);
        expect(Object.hasOwn(Object, 'types')).toBe(false);
      } finally {
        for (const key of enumerable()) delete (Object.prototype as Record<string, unknown>)[key];
        for (const key of ['types', 'children'] as const) delete (Object as unknown as Record<string, unknown>)[key];
      }
    },
  );
});

describe('a Postman collection whose variables grow without end', () => {
  it('is refused at once, naming the string, where the reader ran for minutes', () => {
    const hostile = {
      info: { name: 'X' },
      variable: [{ key: 'a', value: '{{a}}{{a}}{{a}}{{a}}' }],
      item: [{ name: 'r', request: { method: 'GET', url: 'http://x/{{a}}' }, response: [] }],
    };
    const started = performance.now();
    expect(() => postmanAsOpenApi(hostile)).toThrow('its variables grow "http://x/{{a}}" past 100,000 characters');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('still replaces variables that refer to others', () => {
    const nested = {
      info: { name: 'X' },
      variable: [
        { key: 'base', value: '{{scheme}}://{{host}}' },
        { key: 'scheme', value: 'http' },
        { key: 'host', value: 'example.com' },
      ],
      item: [{ name: 'r', request: { method: 'GET', url: '{{base}}/plants/{{kind}}' }, response: [] }],
    };
    expect(Object.keys((postmanAsOpenApi(nested) as { paths: object }).paths)).toEqual(['/plants/{{kind}}']);
  });
});
