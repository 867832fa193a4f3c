import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

const body = (id: string) => `{"id": ${id}, "name": "Aloe vera"}`;

describe('id is an int64 over its whole range', () => {
  it.each([
    ['the largest int64', '9223372036854775807'],
    ['the smallest int64', '-9223372036854775808'],
    ['2^53 + 1, beyond exact doubles', '9007199254740993'],
    ['zero', '0'],
    ['an integral exponent form', '9.2e18'],
    ['an integral decimal form', '9223372036854775807.0'],
  ])('accepts %s', async (_label, id) => {
    const server = await mockServer();
    const response = await postPlant(server, body(id));
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ['one beyond the largest', '9223372036854775808'],
    ['one beyond the smallest', '-9223372036854775809'],
    ['far beyond, as an exponent', '1e19'],
    ['a 30-digit integer', '123456789012345678901234567890'],
  ])('rejects %s with a 400 naming id', async (_label, id) => {
    const server = await mockServer();
    const response = await postPlant(server, body(id));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(40001);
    expect(response.json().message).toContain('body.id must be an int64 integer');
    const findings = JSON.parse(String(response.headers['x-mock-findings']));
    expect(findings).toEqual([expect.objectContaining({ location: 'body', path: ['id'], code: 'format' })]);
  });

  it.each([
    ['a fraction', '1.5', 'body.id must be integer'],
    ['a string', '"12"', 'body.id must be integer'],
    ['null', 'null', 'body.id must be integer'],
  ])('rejects %s as id', async (_label, id, message) => {
    const server = await mockServer();
    const response = await postPlant(server, body(id));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('int32 fields are checked exactly too', () => {
  const spec = new URL('../fixtures/int32.yaml', import.meta.url).pathname;

  it.each([
    ['2147483647', 201],
    ['-2147483648', 201],
    ['2147483648', 400],
    ['-2147483649', 400],
    ['99999999999999999999', 400],
  ])('count %s answers %i', async (count, status) => {
    const server = await mockServer({ spec });
    const response = await server.inject({
      method: 'POST',
      url: '/counters',
      headers: { 'content-type': 'application/json' },
      payload: `{"count": ${count}}`,
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 400) expect(response.json().message).toContain('body.count');
  });
});
