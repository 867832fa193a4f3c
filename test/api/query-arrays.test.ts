import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

const spec = fileURLToPath(new URL('./fixtures/query-arrays.yaml', import.meta.url));

describe('query arrays as OpenAPI 3 writes them', () => {
  closeServersAfterEach();

  it('reads a form array without explode as exploded: the name repeated per item', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/things?ids=1&ids=2')).statusCode).toBe(200);
    const joined = await server.inject('/things?ids=1,2');
    expect(joined.statusCode).toBe(400);
    expect(joined.body).toContain('query.ids');
    expect((await server.inject('/things?ids=1')).statusCode).toBe(400);
  });

  it('reads the styles a parameter states: explode false joined by commas, pipeDelimited by pipes', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/things?ids=1&ids=2&tags=a,b&sizes=3|4')).statusCode).toBe(200);
    expect((await server.inject('/things?ids=1&ids=2&tags=a,c')).statusCode).toBe(400);
  });
});
