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

  it("continue a path key's own query part with '&'", () => {
    const operation: CorpusOperation = {
      name: 'GET /current?lat={lat}',
      cases: [],
      prism: {
        method: 'get',
        path: '/current?lat={lat}',
        request: {
          path: [{ name: 'lat', required: true, schema: { type: 'integer', enum: [5] } }],
          query: [{ name: 'units', required: true, schema: { type: 'string', enum: ['S'] } }],
        },
        responses: [{ code: '200' }],
      },
    };
    expect(render(operation, validParts(operation), 'valid').url).toBe('/current?lat=5&units=S');
  });
});
