import { describe, expect, it } from 'vitest';
import { DataGenerator } from '../generate/data-generator.js';
import type { MockCallback, MockHeader } from '../openapi/operation.js';
import { outboundRequest } from './callback-request.js';

const generator = new DataGenerator(1);

function callback(headers: MockHeader[], mediaType?: string, example?: unknown): MockCallback {
  const contents =
    mediaType === undefined
      ? []
      : [{ mediaType, schema: { type: 'object' }, examples: example === undefined ? [] : [{ name: 'one', value: example }] }];
  return {
    name: 'hook',
    url: undefined,
    method: 'PUT',
    headers,
    requestBody: mediaType === undefined ? undefined : { required: true, contents },
    responses: [],
    engine: { __engineHandle: true },
  };
}

const header = (name: string, extra: Partial<MockHeader> = {}): MockHeader => ({
  name,
  required: false,
  schema: { type: 'string' },
  examples: [],
  ...extra,
});

describe('outboundRequest', () => {
  it('carries the documented header parameters, an example as written, a schema value generated valid', () => {
    const request = outboundRequest(
      callback([
        header('X-Token', { examples: [{ name: '__default', value: 'abc' }] }),
        header('X-Count', { schema: { type: 'integer', enum: [3] } }),
      ]),
      generator,
    );
    expect(request).toMatchObject({ method: 'PUT', headers: { 'x-token': 'abc', 'x-count': '3' }, body: undefined });
  });

  it('never lets a header parameter set the framing, Accept, Content-Type or Authorization', () => {
    const names = ['Content-Type', 'Content-Length', 'Host', 'Authorization', 'Accept', 'Transfer-Encoding', 'Connection'];
    const example = [{ name: '__default', value: 'x' }];
    const request = outboundRequest(
      callback(
        names.map((name) => header(name, { examples: example })),
        'application/json',
        { a: 1 },
      ),
      generator,
    );
    expect(Object.keys(request.headers).sort()).toEqual(['content-type', 'user-agent']);
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('labels the body with its documented media type: a range made concrete, a multipart body with its boundary', () => {
    expect(outboundRequest(callback([], '*/*', { a: 1 }), generator).headers['content-type']).toBe('application/json');
    const form = outboundRequest(callback([], 'multipart/form-data', { a: 1 }), generator);
    const boundary = /boundary=(\S+)/.exec(form.headers['content-type'] ?? '')?.[1];
    expect(form.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(form.body).toContain(`--${boundary}--`);
  });

  it('lets the caller`s headers win over the documented ones', () => {
    const documented = header('X-Token', { examples: [{ name: '__default', value: 'abc' }] });
    expect(outboundRequest(callback([documented]), generator, { headers: { 'X-Token': 'mine' } }).headers['x-token']).toBe('mine');
  });
});

describe('outboundRequest on a hostile document', () => {
  const withCookies = (...cookies: MockHeader[]): MockCallback => ({ ...callback([]), cookies });
  const example = (value: unknown) => ({ examples: [{ name: '__default', value }] });

  it('never lets a cookie name smuggle a second cookie or break the header', () => {
    const request = outboundRequest(
      withCookies(header('theme; session', example('x')), header('a=b\r\nX-Evil: 1', example('y'))),
      generator,
    );
    const pairs = request.headers.cookie?.split('; ') ?? [];
    expect(pairs).toHaveLength(2);
    expect(pairs.map((pair) => pair.split('=')[0])).toEqual(['theme%3B%20session', 'a%3Db%0D%0AX-Evil:%201']);
    expect(request.headers.cookie).not.toMatch(/[\r\n]/);
  });

  it('sends a cookie whose value holds a lone surrogate, written as U+FFFD, rather than throwing', () => {
    const request = outboundRequest(withCookies(header('sid', example('a\ud800b'))), generator);
    expect(request.headers.cookie).toBe('sid=a%EF%BF%BDb');
  });
});
