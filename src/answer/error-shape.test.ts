import { describe, expect, it } from 'vitest';
import { DataGenerator } from '../generate/data-generator.js';
import type { MockContent, MockOperation, MockResponseSpec } from '../openapi/operation.js';
import { shapedError } from '../problem.js';
import { ErrorShapes, planErrorShape } from './error-shape.js';

const generator = new DataGenerator(1);
const json = (schema: MockContent['schema'], examples: MockContent['examples'] = [], mediaType = 'application/json'): MockContent => ({
  mediaType,
  schema,
  examples,
});
const response = (code: string, contents: MockContent[], headers: MockResponseSpec['headers'] = []): MockResponseSpec => ({
  code,
  contents,
  headers,
});
const answer = (spec: MockResponseSpec, status = 400) => shapedError(planErrorShape(spec, status, generator), 40001, 'Invalid request: x');

describe('planErrorShape', () => {
  it('writes status and message into a nested error object (Spotify, Stripe, openai)', () => {
    const inner = {
      type: 'object',
      required: ['status', 'message'],
      properties: { status: { type: 'integer' }, message: { type: 'string' } },
    };
    const spec = response('401', [json({ type: 'object', required: ['error'], properties: { error: inner } })]);
    expect(answer(spec, 401).body).toEqual({ error: { status: 401, message: 'Invalid request: x' } });
  });

  it('writes the message and the code into the properties made for them, in the example`s order', () => {
    const schema = {
      type: 'object',
      required: ['error', 'message'],
      properties: { error: { type: 'integer' }, message: { type: 'string' } },
    };
    const spec = response('400', [json(schema, [{ name: 'e', value: { error: 40009, message: 'other' } }])]);
    expect(JSON.stringify(answer(spec).body)).toBe('{"error":40001,"message":"Invalid request: x"}');
  });

  // `allOf` through a reference back to itself describes no value, but a document that writes one (the
  // members walked for the error's shape) must not fail every rejection with a stack overflow.
  it('plans a schema whose allOf refers back to itself, and borrows beside it', () => {
    const cyclic = {
      type: 'object',
      properties: { message: { type: 'string' } },
      allOf: [{ $ref: '#/__bundled__/Loop' }],
      __bundled__: { Loop: { required: ['message'], allOf: [1, 2, 3, 4].map(() => ({ $ref: '#/__bundled__/Loop' })) } },
    };
    expect(answer(response('404', [json(cyclic)]), 404).body).toEqual({ message: 'Invalid request: x' });
    const looping = { id: 'looping', path: '/a', responses: [response('404', [json(cyclic)])] } as unknown as MockOperation;
    const plain = { id: 'plain', path: '/b', responses: [response('201', [])] } as unknown as MockOperation;
    const flat = {
      id: 'flat',
      path: '/c',
      responses: [response('400', [json({ type: 'object', properties: { message: { type: 'string' } } })])],
    };
    const shapes = new ErrorShapes(generator, [looping, plain, flat as unknown as MockOperation]);
    expect(shapes.forFailure(plain, 400)?.status).toBe(400);
  });

  it("says the kind of error the status is where a required member lists kinds (Stripe's type)", () => {
    const inner = {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: ['api_error', 'card_error', 'invalid_request_error'] }, message: { type: 'string' } },
    };
    const spec = response('default', [json({ type: 'object', required: ['error'], properties: { error: inner } })]);
    expect(answer(spec, 400).body).toEqual({ error: { type: 'invalid_request_error', message: 'Invalid request: x' } });
    expect(answer(spec, 500).body).toEqual({ error: { type: 'api_error', message: 'Invalid request: x' } });
  });

  it("writes no catalogue code into a member whose anyOf admits no integer (openai's 3.1 `code`: string or null)", () => {
    const inner = {
      type: 'object',
      required: ['message', 'code'],
      properties: { code: { anyOf: [{ type: 'string' }, { type: 'null' }] }, message: { type: 'string' } },
    };
    const spec = response('400', [json({ type: 'object', required: ['error'], properties: { error: inner } })]);
    const { error } = answer(spec).body as { error: { code: unknown; message: string } };
    expect(error.message).toBe('Invalid request: x');
    expect(error.code === null || typeof error.code === 'string').toBe(true);
    const integerBranch = { ...inner, properties: { ...inner.properties, code: { oneOf: [{ type: 'integer' }, { type: 'null' }] } } };
    expect(answer(response('400', [json({ type: 'object', properties: { error: integerBranch } })])).body).toEqual({
      error: { code: 40001, message: 'Invalid request: x' },
    });
  });

  it('leaves a required member that may be null null, rather than inventing a parameter or code (openai`s `param`)', () => {
    const inner = {
      type: 'object',
      required: ['message', 'param', 'code', 'hint'],
      properties: {
        message: { type: 'string' },
        param: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        code: { type: 'string', nullable: true },
        hint: { type: 'string' },
      },
    };
    const spec = response('400', [json({ type: 'object', required: ['error'], properties: { error: inner } })]);
    const { error } = answer(spec).body as { error: Record<string, unknown> };
    expect(error).toMatchObject({ message: 'Invalid request: x', param: null, code: null });
    expect(typeof error.hint).toBe('string');
  });

  it('writes a text error response as text, labelled with its charset', () => {
    const written = answer(response('400', [json({ type: 'string' }, [], 'text/plain')]));
    expect(written.payload).toBe('Invalid request: x');
    expect(written.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('fills other required properties from the example, else generates them', () => {
    const schema = {
      type: 'object',
      required: ['message', 'code', 'traceId'],
      properties: { message: { type: 'string' }, code: { type: 'integer' }, traceId: { type: 'string' } },
    };
    const body = answer(response('default', [json(schema)])).body as Record<string, unknown>;
    expect(body).toMatchObject({ message: 'Invalid request: x', code: 40001 });
    expect(typeof body.traceId).toBe('string');
  });

  it('follows a property that is a reference into the operation`s bundle, as a large shared part is', () => {
    const schema = {
      type: 'object',
      required: ['error'],
      properties: { error: { $ref: '#/__bundled__/api_errors' } },
      __bundled__: {
        api_errors: { type: 'object', required: ['type'], properties: { type: { type: 'string' }, message: { type: 'string' } } },
      },
    };
    const body = answer(response('default', [json(schema)])).body as Record<string, unknown>;
    // A required object, not the catalogue's code in its place.
    expect(typeof body.error).toBe('object');
    expect(typeof (body.error as Record<string, unknown>).type).toBe('string');
  });

  it('takes a missing required property from its own example before generating it', () => {
    const schema = {
      type: 'object',
      required: ['message', 'traceId'],
      properties: { message: { type: 'string' }, traceId: { type: 'string', examples: ['trace-1'] } },
    };
    expect(JSON.stringify(answer(response('400', [json(schema)])).body)).toBe('{"message":"Invalid request: x","traceId":"trace-1"}');
  });

  it('puts the status the failure calls for into a problem+json `status`, and announces the media type', () => {
    const schema = { type: 'object', properties: { title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } } };
    const shaped = answer(response('4XX', [json(schema, [], 'application/problem+json')]), 415);
    expect(shaped.status).toBe(415);
    expect(shaped.headers['content-type']).toBe('application/problem+json');
    expect(shaped.body).toMatchObject({ status: 415, detail: 'Invalid request: x' });
  });

  it('leaves plain application/json to the mock`s own JSON media type', () => {
    expect(answer(response('400', [json({ type: 'object', properties: { message: { type: 'string' } } })])).headers).toEqual({});
  });

  it('answers the message as text for a string body, and no body for a response without content', () => {
    expect(answer(response('400', [json({ type: 'string' }, [], 'text/plain')])).body).toBe('Invalid request: x');
    expect(answer(response('401', []), 401).body).toBeUndefined();
  });

  it('sends the response`s documented headers', () => {
    const headers = [{ name: 'WWW-Authenticate', required: true, schema: { type: 'string', example: 'Basic' }, examples: [] }];
    expect(answer(response('401', [], headers), 401).headers).toEqual({ 'www-authenticate': 'Basic' });
  });
});

describe('planErrorShape keeps the body within its schema', () => {
  it('leaves a member with a list of values, a pattern or a format to the document, and cuts the message to maxLength', () => {
    const schema = {
      type: 'object',
      required: ['error', 'message', 'detail'],
      properties: {
        error: { type: 'string', enum: ['invalid_request', 'not_found'] },
        message: { type: 'string', pattern: '^[A-Z]+$' },
        detail: { type: 'string', maxLength: 20 },
      },
    };
    const body = answer(response('400', [json(schema)])).body as Record<string, unknown>;
    expect(body.error).toBe('invalid_request');
    expect(body.message).toMatch(/^[A-Z]+$/);
    expect(body.detail).toBe('Invalid request: x');
    const long = shapedError(planErrorShape(response('400', [json(schema)]), 400, generator), 40001, 'Invalid request: a longer message');
    expect((long.body as Record<string, unknown>).detail).toBe('Invalid request: a l');
  });

  it('writes the code only into an integer that takes every catalogue code, and the status only where it is allowed', () => {
    const schema = {
      type: 'object',
      required: ['code', 'status', 'message'],
      properties: {
        code: { type: 'string' },
        status: { type: 'integer', enum: [401, 403] },
        message: { type: 'string' },
      },
    };
    const spec = response('default', [json(schema, [{ name: 'e', value: { code: 'E1', status: 403, message: 'no' } }])]);
    expect(answer(spec, 401).body).toEqual({ code: 'E1', status: 401, message: 'Invalid request: x' });
    expect(answer(spec, 400).body).toEqual({ code: 'E1', status: 403, message: 'Invalid request: x' });
  });

  it('writes the status into a status-named member or a code bounded like a status (100-599)', () => {
    const schema = {
      type: 'object',
      required: ['code', 'status_code', 'message'],
      properties: { code: { type: 'integer', minimum: 100, maximum: 599 }, status_code: { type: 'integer' }, message: { type: 'string' } },
    };
    expect(answer(response('default', [json(schema)]), 422).body).toMatchObject({ code: 422, message: 'Invalid request: x' });
    const other = { ...schema, properties: { ...schema.properties, code: { type: 'integer' } } };
    expect(answer(response('default', [json(other)]), 422).body).toMatchObject({ code: 40001, status_code: 422 });
  });
});

describe('ErrorShapes', () => {
  const operation = {
    id: 'op',
    responses: [response('201', []), response('422', [json({ type: 'object', properties: { message: { type: 'string' } } })])],
  } as unknown as MockOperation;

  it('plans a shape once per operation and status', () => {
    const shapes = new ErrorShapes(generator);
    const first = shapes.forFailure(operation, 400);
    expect(first?.status).toBe(422);
    expect(shapes.forFailure(operation, 400)).toBe(first);
    // Nothing fits 401: the operation's other error shape, answered with 401.
    expect(shapes.forFailure(operation, 401)?.status).toBe(401);
    expect(shapes.forFailure(operation, 404)).toBeUndefined();
  });

  it("takes the document's error shape from its other operations where the operation documents none", () => {
    const error = json({
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', properties: { message: { type: 'string' }, type: { type: 'string' } } } },
    });
    const bare = { id: 'bare', path: '/a', responses: [response('200', [])] } as unknown as MockOperation;
    const onlyDefault = { id: 'd', path: '/b', responses: [response('default', [json({ type: 'string' })])] } as unknown as MockOperation;
    const documented = {
      id: 'doc',
      path: '/c',
      responses: [response('200', []), response('default', [error])],
    } as unknown as MockOperation;
    const shapes = new ErrorShapes(generator, [bare, onlyDefault, documented]);
    const shape = shapes.forFailure(bare, 400);
    expect(shape?.status).toBe(400);
    expect(shapedError(shape as NonNullable<typeof shape>, 40001, 'Invalid request: x').body).toMatchObject({
      error: { message: 'Invalid request: x' },
    });
    expect(new ErrorShapes(generator, [bare, onlyDefault]).forFailure(bare, 400)).toBeUndefined();
    const ownNotFound = { id: 'nf', path: '/d', responses: [response('200', []), response('404', [error])] } as unknown as MockOperation;
    expect(new ErrorShapes(generator, [ownNotFound, bare]).forFailure(ownNotFound, 401)?.status).toBe(401);
  });

  it("takes the error shape most of the document's errors use, not the first found (openai's one flat 400)", () => {
    const fields = { type: 'object', properties: { message: { type: 'string' }, type: { type: 'string' } } };
    const flat = json(fields);
    const wrapped = json({ type: 'object', required: ['error'], properties: { error: fields } });
    const op = (path: string, ...responses: MockResponseSpec[]) =>
      ({ id: path, path, responses: [response('200', []), ...responses] }) as unknown as MockOperation;
    const bare = op('/a');
    const flatOne = op('/b', response('400', [flat]));
    const others = [op('/c', response('400', [wrapped])), op('/d', response('429', [wrapped])), op('/e', response('429', [wrapped]))];
    const shapes = new ErrorShapes(generator, [bare, flatOne, ...others]);
    const body = (shape: ReturnType<ErrorShapes['forFailure']>) =>
      shapedError(shape as NonNullable<typeof shape>, 40001, 'Invalid request: x').body;
    expect(body(shapes.forFailure(bare, 400))).toEqual({ error: { message: 'Invalid request: x' } });
    // A sibling on the operation's own path still speaks for it.
    const sibling = { ...op('/b'), id: 'sibling' } as MockOperation;
    const withSibling = new ErrorShapes(generator, [sibling, flatOne, ...others]);
    expect(body(withSibling.forFailure(sibling, 400))).toEqual({ message: 'Invalid request: x' });
    // No 401 anywhere: of the operation's own errors (a flat 404, a wrapped 429), the document's usual one.
    const ownTwo = op('/f', response('404', [flat]), response('429', [wrapped]));
    expect(body(new ErrorShapes(generator, [ownTwo, flatOne, ...others]).forFailure(ownTwo, 401))).toEqual({
      error: { message: 'Invalid request: x' },
    });
  });

  it("plans the document's error shape once for all the operations that borrow it", () => {
    const error = json({ type: 'object', properties: { error: { type: 'object', properties: { message: { type: 'string' } } } } });
    const documented = { id: 'doc', path: '/c', responses: [response('200', []), response('400', [error])] } as unknown as MockOperation;
    const bare = ['/a', '/b'].map((path) => ({ id: path, path, responses: [response('200', [])] }) as unknown as MockOperation);
    const shapes = new ErrorShapes(generator, [...bare, documented]);
    expect(shapes.forFailure(bare[0] as MockOperation, 400)).toBe(shapes.forFailure(bare[1] as MockOperation, 400));
    expect(shapes.forFailure(bare[0] as MockOperation, 400)).not.toBe(shapes.forFailure(bare[0] as MockOperation, 422));
  });

  it('shapes any status the document covers, for answers other than rejections', () => {
    expect(new ErrorShapes(generator).forStatus(operation, 422)?.status).toBe(422);
    expect(new ErrorShapes(generator).forStatus(operation, 404)).toBeUndefined();
  });
});
