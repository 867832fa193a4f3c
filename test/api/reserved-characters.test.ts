import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
const spec = new URL('./fixtures/reserved-characters.yaml', import.meta.url).pathname;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * `allowReserved: false` (the default) tells a client to percent-encode reserved characters; decoding
 * gives the same value whichever of them were encoded (OpenAPI 3.1.1, Appendix E), so a service reading
 * its query or form judges the decoded value, never which characters came encoded.
 */
describe('reserved characters where allowReserved is false', () => {
  it('are read in a query value sent encoded or not', async () => {
    const server = await mockServer({ spec });
    for (const url of ['/files?path=docs%2Freadme%3Amd', '/files?path=docs/readme:md']) {
      expect((await server.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await server.inject({ method: 'GET', url: '/files?path=docs%2FREADME' })).statusCode).toBe(400);
  });

  it('are read in a form field sent encoded or not, as the query is', async () => {
    const server = await mockServer({ spec });
    for (const payload of ['path=docs%2Freadme%3Amd&note=a%40b', 'path=docs/readme:md&note=a@b!']) {
      expect((await server.inject({ method: 'POST', url: '/files', headers: form, payload })).statusCode, payload).toBe(201);
    }
    expect((await server.inject({ method: 'POST', url: '/files', headers: form, payload: 'path=docs/README' })).statusCode).toBe(400);
  });
});
