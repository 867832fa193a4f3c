import { describe, expect, it } from 'vitest';
import { render, validParts } from './build-requests.js';
import type { CorpusOperation } from './types.js';

describe('valid requests on the wire', () => {
  it("send a documented Content-Length as the body's length, never the document's example", () => {
    const operation: CorpusOperation = {
      name: 'POST /metrics',
      cases: [],
      prism: {
        method: 'post',
        path: '/metrics',
        request: {
          headers: [{ name: 'Content-Length', required: true, schema: { type: 'integer' }, examples: [{ value: 783 }] }],
          body: {
            required: true,
            contents: [
              {
                mediaType: 'application/json',
                schema: { type: 'object', properties: { a: { type: 'string' } } },
                examples: [{ key: 'x', value: { a: 'é' } }],
              },
            ],
          },
        },
        responses: [{ code: '200' }],
      },
    };
    const request = render(operation, validParts(operation), 'valid');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength(request.payload ?? '')));
    expect(request.headers['content-length']).not.toBe('783');
  });
});
