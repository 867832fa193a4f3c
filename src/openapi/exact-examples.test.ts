import { describe, expect, it } from 'vitest';
import { withExactExamples } from './exact-examples.js';
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

describe('withExactExamples', () => {
  it('gives media-type examples every digit of their big integers, through references', () => {
    const [exact] = withExactExamples(text, [operation]);
    const examples = exact?.responses[0]?.contents[0]?.examples;
    expect(examples?.[0]?.value).toEqual({ id: 9007199254740993n, small: 1, price: 2.5 });
    expect(examples?.[1]?.value).toEqual([12345678901234567890n]);
  });

  it('leaves a document without long integers as it is', () => {
    expect(withExactExamples('openapi: 3.0.3\npaths: {}', [operation])[0]).toBe(operation);
  });
});
