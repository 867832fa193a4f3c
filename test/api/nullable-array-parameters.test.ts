import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const documents = [
  ['3.0 (`nullable: true`)', fixture('nullable-array-parameters.yaml')],
  ['3.1 (`type: [array, null]`)', fixture('nullable-array-parameters-31.yaml')],
] as const;

describe.each(documents)('array parameters that may be null, in OpenAPI %s', (_version, spec) => {
  it('read a lone value as a list of one in every style, as two or more values are read', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });
    // jellyfin's `/Items/Filters?includeItemTypes=Movie`, refused "must be array,null" while two values passed.
    for (const query of ['includeItemTypes=Movie', 'includeItemTypes=Movie&includeItemTypes=Series', 'joined=a', 'joined=a,b'])
      expect((await get(`/items/1?${query}`)).statusCode, query).toBe(200);
    for (const query of ['spaced=1', 'spaced=1%202', 'piped=1', 'piped=1|2', 'one=1', 'one=1&one=2'])
      expect((await get(`/items/1?${query}`)).statusCode, query).toBe(200);
    for (const path of ['/items/1', '/items/1,2']) expect((await get(path)).statusCode, path).toBe(200);
    for (const headers of [{ 'x-tags': 'a' }, { 'x-tags': 'a,b' }, { cookie: 'flavours=a' }, { cookie: 'flavours=a,b' }] as Record<
      string,
      string
    >[])
      expect((await get('/items/1', headers)).statusCode, JSON.stringify(headers)).toBe(200);
  });

  it('judge each item of the list against the items schema', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });
    for (const query of ['includeItemTypes=Music', 'joined=c', 'spaced=x', 'piped=1|x', 'one=x']) {
      const refused = await get(`/items/1?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body, query).not.toContain('array,null');
    }
    expect((await get('/items/x')).statusCode).toBe(400);
    for (const headers of [{ 'x-tags': 'c' }, { cookie: 'flavours=c' }] as Record<string, string>[])
      expect((await get('/items/1', headers)).statusCode, JSON.stringify(headers)).toBe(400);
  });

  it('split a spaceDelimited value at its spaces, sent as %20 or +', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    for (const query of ['sizes=1%202', 'sizes=1+2', 'sizes=3'])
      expect((await server.inject(`/gaps?${query}`)).statusCode, query).toBe(200);
    expect((await server.inject('/gaps?sizes=1%20x')).statusCode).toBe(400);
  });
});
