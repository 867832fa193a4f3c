import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const JSON_ONLY = { 'content-type': 'application/json' };

describe('petstore-expanded with --stateful', () => {
  it('assigns ids, lists with tags and limit, and answers the default Error after a delete', async () => {
    const server = await mockServer({ spec: 'test/corpus/documents/oai-petstore-expanded.yaml', stateful: true, seed: 1 });
    const call = (method: string, url: string, body?: unknown) =>
      server.inject({ method: method as 'GET', url, headers: JSON_ONLY, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
    expect((await call('POST', '/pets', { name: 'Rex', tag: 'dog' })).json()).toEqual({ name: 'Rex', tag: 'dog', id: 1 });
    expect((await call('POST', '/pets', { name: 'Tom', tag: 'cat' })).json()).toEqual({ name: 'Tom', tag: 'cat', id: 2 });
    await call('POST', '/pets', { name: 'Felix', tag: 'cat' });
    expect((await call('GET', '/pets?tags=cat')).json().map((p: { id: number }) => p.id)).toEqual([2, 3]);
    expect((await call('GET', '/pets?tags=cat,dog&limit=2')).json().map((p: { id: number }) => p.id)).toEqual([1, 2]);
    expect((await call('GET', '/pets/2')).json()).toEqual({ name: 'Tom', tag: 'cat', id: 2 });
    expect((await call('DELETE', '/pets/2')).statusCode).toBe(204);
    const gone = await call('GET', '/pets/2');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 40402, message: 'No pet with id 2 in this session' });
  });
});
