import { describe, expect, it } from 'vitest';
import type { MockOperation } from '../openapi/operation.js';
import type { Exchange } from '../pipeline/types.js';
import { CoverageModel } from './coverage-model.js';

const operation = {
  id: 'createThing',
  method: 'POST',
  path: '/things',
  requestBody: {
    required: true,
    contents: [{ mediaType: 'application/json', schema: { type: 'object', properties: { a: {} } }, examples: [] }],
  },
  responses: [
    { code: '2XX', contents: [{ mediaType: 'application/*', schema: undefined, examples: [] }] },
    { code: 'default', contents: [] },
  ],
  engine: {},
} as unknown as MockOperation;

const exchange = (session: string | undefined, body: unknown = {}): Exchange => ({
  method: 'POST',
  path: '/things',
  query: {},
  headers: {},
  rawBody: undefined,
  operation,
  body,
  session: { id: session },
  answer: {
    provenance: { kind: 'echo' },
    response: { status: 201, headers: { 'content-type': 'application/vnd.thing+json; charset=utf-8' }, body: {} },
  },
});

describe('CoverageModel', () => {
  it('answers a status through ranges and default, and a media type through wildcards', () => {
    const model = new CoverageModel({ operations: [operation], maxSessions: 10, sessionIdleMs: 1000 });
    model.record(exchange(undefined), 201);
    model.record(
      { ...exchange(undefined), answer: { provenance: { kind: 'echo' }, response: { status: 503, headers: {}, body: undefined } } },
      503,
    );
    const counts = model.tally()?.byOperation.get(operation);
    expect(counts?.bySlot).toEqual([1, 1]);
    expect(counts?.undocumented.size).toBe(0);
  });

  it('forgets sessions idle longer than the timeout, as the scenario sessions are', () => {
    let now = 0;
    const model = new CoverageModel({
      operations: [operation],
      maxSessions: 10,
      sessionIdleMs: 1000,
      now: () => now,
    });
    model.record(exchange('old'), 201);
    now = 500;
    model.record(exchange('recent'), 201);
    now = 1200;
    expect(model.tally('old')).toBeUndefined();
    expect(model.tally('recent')?.byOperation.get(operation)?.requests).toBe(1);
    expect(model.tally()?.byOperation.get(operation)?.requests).toBe(2);
  });

  it('stops looking for request parts once each was sent', () => {
    const model = new CoverageModel({ operations: [operation], maxSessions: 10, sessionIdleMs: 1000 });
    model.record(exchange(undefined, { b: 1 }), 201);
    expect(model.tally()?.byOperation.get(operation)?.neverSent()).toEqual(['body.a']);
    model.record(exchange(undefined, { a: null }), 201);
    expect(model.tally()?.byOperation.get(operation)?.neverSent()).toEqual([]);
  });

  it('shares operation shapes between models: the models a fleet replica makes per batch work none out again', () => {
    const first = new CoverageModel({ operations: [operation], maxSessions: 10, sessionIdleMs: 1000 });
    const second = new CoverageModel({ operations: [operation], maxSessions: 10, sessionIdleMs: 1000 });
    first.record(exchange(undefined), 201);
    second.record(exchange(undefined), 201);
    expect(second.tally()?.byOperation.get(operation)?.shape).toBe(first.tally()?.byOperation.get(operation)?.shape);
    expect(second.shapeOf(operation)).toBe(first.shapeOf(operation));
  });
});
