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
    expect(shapes.forFailure(operation, 401)).toBeUndefined();
  });

  it('shapes any status the document covers, for answers other than rejections', () => {
    expect(new ErrorShapes(generator).forStatus(operation, 422)?.status).toBe(422);
    expect(new ErrorShapes(generator).forStatus(operation, 404)).toBeUndefined();
  });
});
