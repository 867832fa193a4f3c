import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/identifiers.yaml', import.meta.url).pathname;

describe('answers carry the identifiers of the request', () => {
  it('puts the last path parameter into id, and a parameter into the property of its name', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/pets/42' })).json()).toEqual({ id: 42, name: 'Tom' });
    expect((await server.inject({ url: '/pets/7', headers: { prefer: 'dynamic=true' } })).json()).toMatchObject({ id: 7 });
    expect((await server.inject({ url: '/owners/ann/pets/ABC' })).json()).toMatchObject({ ownerId: 'ann', id: 'ABC' });
  });

  it('leaves a value the schema would not take, and an example asked for by name', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/pets/0' })).json()).toEqual({ id: 1, name: 'Tom' });
    expect((await server.inject({ url: '/pets/x' })).json()).toEqual({ id: 1, name: 'Tom' });
    expect((await server.inject({ url: '/owners/ann/pets/abc' })).json().id).not.toBe('abc');
    expect((await server.inject({ url: '/pets/42', headers: { prefer: 'example=default' } })).json()).toEqual({ id: 1, name: 'Tom' });
  });
});
