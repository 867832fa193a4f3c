import { describe, expect, it, vi } from 'vitest';
import type { JsonSchema } from '../json/json-schema.js';
import type { MockOperation } from '../openapi/operation.js';

const checked: unknown[] = [];
vi.mock('../prism/prism-engine.js', () => ({
  // A schema whose links must name the document's own host, as ajv-formats' `format: url` refuses 127.0.0.1.
  compiledDocumentCheck: () => (value: unknown) => {
    checked.push(value);
    return JSON.stringify(value).includes('127.0.0.1') ? ['must match format "url"'] : [];
  },
}));
const { headersWithOwnAddress, withOwnAddress } = await import('./own-address.js');

const operation = { servers: [{ url: 'https://api.example.com/v1' }] } as unknown as MockOperation;
const headers = { host: '127.0.0.1:4010' };
const schema = { type: 'object' } as JsonSchema;

describe("an answer's links to the document's servers", () => {
  it('keep the document links where the rewrite breaks the schema, judging the document links once per answer', () => {
    const body = { next: 'https://api.example.com/v1/pets?page=2' };
    for (let i = 0; i < 3; i += 1) expect(withOwnAddress(body, operation, headers, schema)).toBe(body);
    expect(checked.filter((value) => value === body)).toHaveLength(1);
    expect(checked).toHaveLength(4);
  });

  it('point at the mock where the schema takes the rewritten links', () => {
    const body = { next: 'https://api.example.com/v1/pets?page=2' };
    expect(withOwnAddress(body, operation, { host: 'mock.test' }, schema)).toEqual({ next: 'http://mock.test/v1/pets?page=2' });
  });

  it('in Location, Content-Location and Link headers point at the mock too, on a copy', () => {
    const sent = {
      location: 'https://api.example.com/v1/pets/7',
      'content-location': 'https://elsewhere.test/x',
      link: '<https://api.example.com/v1/pets?page=2>; rel="next", <https://api.example.com/v1/pets?page=9>; rel="last"',
    };
    expect(headersWithOwnAddress(sent, operation, { host: 'mock.test' })).toEqual({
      location: 'http://mock.test/v1/pets/7',
      'content-location': 'https://elsewhere.test/x',
      link: '<http://mock.test/v1/pets?page=2>; rel="next", <http://mock.test/v1/pets?page=9>; rel="last"',
    });
    expect(sent.location).toBe('https://api.example.com/v1/pets/7');
    const plain = { 'x-rate-limit': '10' };
    expect(headersWithOwnAddress(plain, operation, { host: 'mock.test' })).toBe(plain);
  });
});
