import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/schemathesis-edges.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };

describe('requests Schemathesis builds on fresh real documents', () => {
  it('judge format url as an absolute URI, as RFC 3986 writes one', async () => {
    const server = await mockServer({ spec });
    const post = (baseUrl: string) => server.inject({ method: 'POST', url: '/callouts', headers: json, payload: { baseUrl } });
    for (const url of ['https://***', 'https://www.example.com/callout', 'urn:example:callout-1'])
      expect((await post(url)).statusCode, url).toBe(201);
    for (const url of ['not a url at all', '/relative/callout']) expect((await post(url)).statusCode, url).toBe(400);
  });
});
