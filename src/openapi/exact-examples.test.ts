import { describe, expect, it } from 'vitest';
import { exactExamples } from './exact-examples.js';
import type { MockOperation } from './operation.js';

const text = `
openapi: 3.0.3
paths:
  /a:
    get:
      responses:
        '200':
          content:
            application/json:
              examples:
                first: { value: { id: 9007199254740993, small: 1, price: 2.5 } }
                shared: { $ref: '#/components/examples/Shared' }
components:
  examples:
    Shared: { value: [12345678901234567890] }
`;

const operation = {
  id: 'GET /a',
  method: 'GET',
  path: '/a',
  responses: [
    {
      code: '200',
      contents: [
        {
          mediaType: 'application/json',
          schema: undefined,
          examples: [
            { name: 'first', value: { id: 9007199254740992, small: 1, price: 2.5 } },
            { name: 'shared', value: [12345678901234567000] },
          ],
        },
      ],
    },
  ],
} as unknown as MockOperation;

describe('exactExamples', () => {
  it('gives media-type examples every digit of their big integers, through references', () => {
    const exact = exactExamples(text)?.(operation);
    const examples = exact?.responses[0]?.contents[0]?.examples;
    expect(examples?.[0]?.value).toEqual({ id: 9007199254740993n, small: 1, price: 2.5 });
    expect(examples?.[1]?.value).toEqual([12345678901234567890n]);
  });

  it('reads the same from a JSON document', () => {
    const json = JSON.stringify({ openapi: '3.0.3', paths: {} }).replace(
      '"paths":{}',
      `"paths":{"/a":{"get":{"responses":{"200":{"content":{"application/json":{"examples":{"first":{"value":{"id":9007199254740993,"small":1,"price":2.5}},"shared":{"value":[12345678901234567890]}}}}}}}}}`,
    );
    const examples = exactExamples(json)?.(operation)?.responses[0]?.contents[0]?.examples;
    expect(examples?.[0]?.value).toEqual({ id: 9007199254740993n, small: 1, price: 2.5 });
    expect(examples?.[1]?.value).toEqual([12345678901234567890n]);
  });

  it('leaves a document without long integers, and an operation whose examples lost no digits, as they are', () => {
    expect(exactExamples('openapi: 3.0.3\npaths: {}')).toBeUndefined();
    const small = {
      ...operation,
      responses: [{ code: '200', contents: [{ mediaType: 'application/json', examples: [{ name: 'a', value: 1 }] }] }],
    };
    expect(exactExamples(text)?.(small as unknown as MockOperation)).toBe(small);
  });
});
