import { describe, expect, it } from 'vitest';
import { splitJsonParts } from './multipart-json-parts.js';

const operation = {
  request: {
    body: {
      contents: [
        {
          mediaType: 'multipart/form-data',
          schema: {
            type: 'object',
            required: ['meta'],
            properties: {
              meta: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
              file: { type: 'string' },
            },
          },
        },
      ],
    },
  },
};
const TYPE = 'multipart/form-data; boundary=XyZ';
const body = (meta: string) =>
  `--XyZ\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n--XyZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--XyZ--\r\n`;

describe('splitJsonParts', () => {
  const { operation: relaxed, check } = splitJsonParts(operation);

  it('lets Prism take an object part as text and checks it as JSON itself', () => {
    const schema = relaxed.request.body.contents[0]?.schema as { properties: Record<string, unknown> };
    expect(schema.properties.meta).toEqual({});
    expect(check?.(TYPE, body('{"text":"hi"}'))).toEqual([]);
  });

  it('finds a JSON part that breaks its schema', () => {
    expect(check?.(TYPE, body('{"note":1}')).map((d) => d.path)).toEqual([['body', 'meta']]);
  });

  it('finds a part that is not JSON', () => {
    expect(check?.(TYPE, body('{oops')).map((d) => d.message)).toEqual(['is not valid JSON']);
  });

  it('reads a list of objects as JSON, sent as one part or as the part repeated', () => {
    // nrm.se's upload: `parts` is a list of objects, whose items' default type is application/json.
    const item = { type: 'object', properties: { size: { type: 'integer' } } };
    const list = {
      request: {
        body: {
          contents: [
            { mediaType: 'multipart/form-data', schema: { type: 'object', properties: { parts: { type: 'array', items: item } } } },
          ],
        },
      },
    };
    const split = splitJsonParts(list);
    const part = (json: string) =>
      `--XyZ\r\nContent-Disposition: form-data; name="parts"\r\nContent-Type: application/json\r\n\r\n${json}\r\n`;
    expect(split.check?.(TYPE, `${part('[{"size":1}]')}--XyZ--\r\n`)).toEqual([]);
    expect(split.check?.(TYPE, `${part('{"size":1}')}${part('{}')}--XyZ--\r\n`)).toEqual([]);
    expect(split.check?.(TYPE, `${part('[{"size":"big"}]')}--XyZ--\r\n`).map((d) => d.path)).toEqual([['body', 'parts', '0', 'size']]);
  });

  it('leaves operations without object parts alone', () => {
    const plain = { request: { body: { contents: [{ mediaType: 'application/json', schema: { type: 'object' } }] } } };
    expect(splitJsonParts(plain)).toEqual({ operation: plain, check: undefined });
  });
});
