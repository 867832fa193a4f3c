import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/empty-values.yaml', import.meta.url).pathname;
const token = { 'x-account-token': 't' };

describe('empty parameter values and decimal multiples', () => {
  it('judge a parameter sent empty as its empty value, named empty rather than required', async () => {
    const server = await mockServer({ spec });
    const get = (query: string, headers: Record<string, string> = token) =>
      server.inject({ method: 'GET', url: `/lookups?${query}`, headers });
    expect((await get('url=')).statusCode).toBe(200);
    expect((await get('url=a', { 'x-account-token': '' })).statusCode).toBe(200);
    expect((await get('url=a&flag=')).statusCode).toBe(200);
    expect((await get('url=a&segment=')).statusCode, 'a nullable integer sent empty is none').toBe(200);
    expect((await get('url=a&options=')).statusCode, 'an object sent empty is an empty object').toBe(200);
    for (const query of ['url=a&since=', 'url=a&limit=']) {
      const rejected = await get(query);
      expect(rejected.statusCode, query).toBe(400);
      expect(rejected.json().message, query).toMatch(/empty/);
      expect(rejected.json().message, query).not.toMatch(/required/);
    }
    expect((await get('url=a', { ...token, 'x-code': '' })).statusCode).toBe(400);
    expect((await get('since=2024-01-01T00:00:00Z')).json().message).toMatch(/url is required/);
  });

  it('judge multipleOf with decimal fractions in decimal', async () => {
    const server = await mockServer({ spec });
    const post = (body: string) =>
      server.inject({ method: 'POST', url: '/prices', headers: { 'content-type': 'application/json' }, payload: body });
    for (const body of ['{"amount":0.07}', '{"amount":19.99}', '{"amount":1.1,"rate":0.3}', '{"amount":1e-2}'])
      expect((await post(body)).statusCode, body).toBe(200);
    for (const body of ['{"amount":0.075}', '{"rate":0.35}']) expect((await post(body)).statusCode, body).toBe(400);
  });
});
