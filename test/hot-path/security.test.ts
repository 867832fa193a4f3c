import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';

const plant = { 'content-type': 'application/json' };
const payload = '{"id":1,"name":"Fern"}';

// Prism's verdict on a well-formed bearer token is worked out once per operation when only bearer
// schemes apply; these pin the answers that must stay the same.
describe('bearer checks decided once per operation', () => {
  it('accepts any non-empty bearer token, whatever the scheme case', async () => {
    const mock = await createMockServer();
    for (const authorization of ['Bearer abc', 'bearer abc', 'BEARER  x.y-z~+/=', 'Bearer a b']) {
      const response = await mock.inject({ method: 'POST', url: '/plants', headers: { ...plant, authorization }, payload });
      expect(response.statusCode, authorization).toBe(200);
    }
    for (const authorization of [undefined, 'Basic abc', 'Bearer', 'Bearer  ']) {
      const headers = authorization === undefined ? plant : { ...plant, authorization };
      const response = await mock.inject({ method: 'POST', url: '/plants', headers, payload });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
    await mock.close();
  });

  it('still rejects tokens outside the --token list', async () => {
    const mock = await createMockServer({ tokens: ['good'] });
    const good = await mock.inject({ method: 'POST', url: '/plants', headers: { ...plant, authorization: 'Bearer good' }, payload });
    const bad = await mock.inject({ method: 'POST', url: '/plants', headers: { ...plant, authorization: 'Bearer bad' }, payload });
    expect([good.statusCode, bad.statusCode]).toEqual([200, 401]);
    expect(bad.json().error).toBe(40102);
    await mock.close();
  });

  it('asks Prism per request when another scheme is required too, or offered instead', async () => {
    const mock = await createMockServer({ spec: fileURLToPath(new URL('fixtures/security.yaml', import.meta.url)) });
    const get = (url: string, headers: Record<string, string>) => mock.inject({ method: 'GET', url, headers }).then((r) => r.statusCode);
    expect(await get('/both', { authorization: 'Bearer t' })).toBe(401);
    expect(await get('/either', { authorization: 'Bearer t' })).toBe(204);
    expect(await get('/either', {})).toBe(401);
    // Prism sees every header, so an API key next to the bearer token counts.
    expect(await get('/both', { authorization: 'Bearer t', 'x-api-key': 'k' })).toBe(204);
    expect(await get('/either', { 'x-api-key': 'k' })).toBe(204);
    await mock.close();
  });
});
