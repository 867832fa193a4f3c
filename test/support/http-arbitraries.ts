/**
 * fast-check generators of hostile HTTP requests, shared by the property tests (inject) and the fuzz
 * script (a real socket): odd bodies, headers, content types, methods and paths.
 */
import fc from 'fast-check';

export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: Buffer | undefined;
}

const ADVERSARIAL_KEYS = ['__proto__', 'constructor', 'prototype', 'id', 'name', 'tag', 'toString', 'hasOwnProperty', ''];

const jsonScalar = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '0', '-0', '1e400', '-1e400', '1e999999999', '9223372036854775807', '9223372036854775808'),
  fc.constantFrom('-9223372036854775809', '1.5', '1e-400', '"\\u0000"', '"\\ud800"', '""', '1.0', '4.2e1', '[]', '{}'),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.double().map((d) => (Number.isFinite(d) ? String(d) : '0')),
  fc.string({ maxLength: 30, unit: 'binary' }).map((s) => JSON.stringify(s)),
  fc.integer({ min: 0, max: 3000 }).map((n) => JSON.stringify('x'.repeat(n))),
);

/** JSON texts built by hand so they can hold duplicate keys and `__proto__` as a literal key. */
const jsonText: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, jsonScalar, tie('object'), tie('array')),
  object: fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...ADVERSARIAL_KEYS), fc.string({ maxLength: 8 })), tie('value')), { maxLength: 6 })
    .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`),
  array: fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
})).value as fc.Arbitrary<string>;

/** A NewPlant-like object with one field spoiled, so validation gets past the easy checks. */
const nearlyValidPlant = fc
  .record({
    id: jsonScalar,
    name: jsonScalar,
    tag: fc.option(jsonScalar, { nil: undefined }),
    extra: fc.option(jsonText, { nil: undefined }),
  })
  .map(({ id, name, tag, extra }) => {
    const fields = [`"id":${id}`, `"name":${name}`];
    if (tag !== undefined) fields.push(`"tag":${tag}`);
    if (extra !== undefined) fields.push(`"__proto__":${extra}`, `"constructor":{"prototype":${extra}}`);
    return `{${fields.join(',')}}`;
  });

/** Valid NewPlants (ids across all of int64, any Unicode names): the path that ends in a 200. */
const validPlant = fc
  .record({
    id: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    name: fc.string({ maxLength: 50, unit: 'grapheme' }),
    tag: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  })
  .map(({ id, name, tag }) => `{"id":${id},"name":${JSON.stringify(name)}${tag === undefined ? '' : `,"tag":${JSON.stringify(tag)}`}}`);

const deepNesting = fc
  .tuple(fc.integer({ min: 1, max: 2000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`);

export const bodyArbitrary: fc.Arbitrary<Buffer | undefined> = fc.oneof(
  fc.constant(undefined),
  validPlant.map((text) => Buffer.from(text)),
  validPlant.map((text) => Buffer.from(text)),
  jsonText.map((text) => Buffer.from(text)),
  nearlyValidPlant.map((text) => Buffer.from(text)),
  deepNesting.map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ maxLength: 100 }).map((text) => Buffer.from(`{"id":1,"name":"${text}\0"}`)),
  fc.constantFrom(
    Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
    Buffer.from('{"id":1,"name":"\xc3\x28"}', 'latin1'),
    Buffer.from('\ufeff{"id":1,"name":"a"}'),
  ),
);

export const contentTypeArbitrary: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant('application/json'),
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/merge-patch+json'),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '*/*', ''),
  fc.constantFrom('application/json; charset=latin1', 'application/json;;', ';', 'application/json; boundary="'),
  fc.constant(undefined),
  fc.stringMatching(/^[a-z]{1,8}\/[a-z+.-]{1,12}(; [a-z]{1,6}=[a-z0-9]{0,6})?$/),
);

const headerName = fc
  .stringMatching(/^[a-z][a-z0-9-]{0,15}$/)
  .filter((name) => !['host', 'content-length', 'transfer-encoding'].includes(name));
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,60}$/).map((value) => value.trim());

export const authorizationArbitrary: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('Bearer valid-token') },
  { weight: 1, arbitrary: fc.constantFrom('bearer abc', 'Bearer', 'Bearer  ', 'Basic YTpi', 'Bearer a b', 'Bearer ==', 'BEARER x=') },
  { weight: 1, arbitrary: headerValue },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

export const preferArbitrary: fc.Arbitrary<string | undefined> = fc.option(
  fc.oneof(
    fc.constantFrom('code=400', 'code=200', 'code=500', 'code=abc', 'example=monstera', 'example=nope', 'dynamic=true', 'seed=7'),
    fc.constantFrom('seed=-1', 'seed=99999999999999999999', 'code=400, dynamic=true', 'example=__proto__', 'code=', ',,,'),
    headerValue,
  ),
  { nil: undefined },
);

const pathSegment = fc.oneof(
  fc.constantFrom('plants', '__mock', 'health', '..', '.', '%2e%2e', '%00', '%zz', '%', '__proto__', 'constructor', ''),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{0,12}$/),
);

export const pathArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('/plants') },
  { weight: 1, arbitrary: fc.constantFrom('/__mock/health', '/plants/', '//plants', '/PLANTS', '/plants?', '/plants#x', '/') },
  { weight: 2, arbitrary: fc.array(pathSegment, { minLength: 1, maxLength: 5 }).map((segments) => `/${segments.join('/')}`) },
);

const queryArbitrary = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('__code', '__example', '__dynamic', '__seed', '__proto__', 'constructor[prototype][x]', '__proto__[x]', 'a[]', 'q'),
        fc.stringMatching(/^[A-Za-z0-9%._-]{0,10}$/),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  { nil: '' },
);

export const methodArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('POST') },
  { weight: 2, arbitrary: fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE') },
  { weight: 1, arbitrary: fc.constantFrom('PROPFIND', 'MKCOL', 'COPY', 'LOCK', 'SEARCH', 'PURGE', 'QUERY', 'REPORT') },
);

export const requestArbitrary: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: methodArbitrary,
    path: pathArbitrary,
    query: queryArbitrary,
    body: bodyArbitrary,
    contentType: contentTypeArbitrary,
    authorization: authorizationArbitrary,
    prefer: preferArbitrary,
    extra: fc.dictionary(headerName, headerValue, { maxKeys: 6 }),
  })
  .map(({ method, path, query, body, contentType, authorization, prefer, extra }) => {
    const headers: Record<string, string> = { ...extra };
    if (contentType !== undefined) headers['content-type'] = contentType;
    if (authorization !== undefined) headers.authorization = authorization;
    if (prefer !== undefined) headers.prefer = prefer;
    // Expectations and connection handling are Node's business; they are tested over a socket.
    delete headers.expect;
    delete headers.connection;
    delete headers.upgrade;
    return { method, url: path + query, headers, body };
  });
