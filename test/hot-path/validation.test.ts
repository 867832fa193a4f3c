import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

const auth = { authorization: 'Bearer t', 'content-type': 'application/json' };

// The hot path skips Prism's empty parameter validators and copies only the headers Prism reads;
// these pin the verdicts that must not change with it.
describe('request validation on the hot path', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer();
  });
  afterAll(() => mock.close());

  it('echoes a valid plant', async () => {
    const response = await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id":1,"name":"Fern","tag":"x"}' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Fern', tag: 'x' });
  });

  it('names every field a body breaks', async () => {
    const response = await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id":"one","name":5}' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid request: body.name must be string; body.id must be integer');
  });

  it('rejects a body sent as another media type with 415', async () => {
    const response = await mock.inject({
      method: 'POST',
      url: '/plants',
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(response.statusCode).toBe(415);
  });

  it('asks for the body when none is sent', async () => {
    const response = await mock.inject({ method: 'POST', url: '/plants', headers: { authorization: 'Bearer t' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(40003);
  });

  it('rejects duplicate keys and keeps int64 exact', async () => {
    const duplicate = await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id":1,"name":"a","name":"b"}' });
    expect(duplicate.json().error).toBe(40002);
    const big = await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload: '{"id":9223372036854775808,"name":"a"}' });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/body\.id must be an int64 integer/);
  });
});

describe('operations with header, query and path parameters', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ spec: fileURLToPath(new URL('fixtures/parameters.yaml', import.meta.url)) });
  });
  afterAll(() => mock.close());

  it('accepts a request whose parameters fit', async () => {
    const response = await mock.inject({
      method: 'POST',
      url: '/pots/3?color=red',
      headers: { ...auth, 'x-request-id': 'abcd' },
      payload: '{"name":"Terracotta"}',
    });
    expect(response.statusCode).toBe(200);
  });

  it('still validates header, query and path parameters', async () => {
    const response = await mock.inject({
      method: 'POST',
      url: '/pots/big?color=green',
      headers: { ...auth, 'x-request-id': 'a' },
      payload: '{"name":"Terracotta"}',
    });
    expect(response.statusCode).toBe(400);
    const message: string = response.json().message;
    expect(message).toMatch(/header\.x-request-id/);
    expect(message).toMatch(/query\.color/);
    expect(message).toMatch(/path\.size/);
  });
});
