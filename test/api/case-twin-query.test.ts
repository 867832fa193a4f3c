import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/case-twin-query.yaml', import.meta.url).pathname;

describe('query parameters whose names differ only in case', () => {
  it('are each judged by their own schema, the pair spelled as the name', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const get = (query: string) => server.inject({ method: 'GET', url: `/v1/data-sets?${query}` });
    // Schemathesis on AWS Data Exchange: `maxResults=201` passed `maximum: 200`, judged by `MaxResults`'s string schema.
    for (const query of ['Origin=OWNED&maxResults=201', 'Origin=OWNED&maxResults=0', 'Origin=OWNED&maxResults=x'])
      expect((await get(query)).statusCode, query).toBe(400);
    for (const query of ['Origin=OWNED', 'Origin=OWNED&maxResults=200', 'Origin=OWNED&MaxResults=201', 'Origin=OWNED&origin=any'])
      expect((await get(query)).statusCode, query).toBe(200);
    // Each named as the document spells it, not as Prism keys it.
    expect((await get('Origin=OWNED&maxResults=201')).json().message).toBe('Invalid request: query.maxResults must be <= 200');
    expect((await get('Origin=other')).json().message).toMatch(/^Invalid request: query\.Origin must be equal to one of/);
    expect((await get('')).json().message).toBe('Invalid request: query.Origin is required');
  });

  it('are required and enumerated by their own spelling', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const get = (query: string) => server.inject({ method: 'GET', url: `/v1/data-sets?${query}` });
    for (const query of ['', 'origin=OWNED', 'Origin=other', 'ORIGIN=OWNED']) expect((await get(query)).statusCode, query).toBe(400);
    // Its twin sent empty leaves it missing all the same; itself sent empty, it is judged empty.
    for (const query of ['origin=', 'Origin=', 'Origin=&origin=']) expect((await get(query)).statusCode, query).toBe(400);
    expect((await get('Origin=OWNED&origin=')).statusCode).toBe(200);
  });
});
