import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
const spec = fileURLToPath(new URL('./fixtures/nullable-without-type.yaml', import.meta.url));
const post = async (payload: unknown) => {
  const server = await mockServer({ spec });
  return server.inject({
    method: 'POST',
    url: '/things',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
};

describe('a request schema with `nullable: true` beside anyOf but no type', () => {
  it('is still validated: Ajv cannot compile the keyword without a type, and Prism then checked nothing', async () => {
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ id: 'a', owner: 5 })).statusCode).toBe(400);
    expect((await post({ id: 'a', owner: 'far too long a name' })).statusCode).toBe(400);
    expect((await post({ id: 'a', owner: { nullable: true } })).statusCode).toBe(400);
  });

  it('accepts what the schema allows, null included', async () => {
    for (const owner of [null, 'short', { name: 'Ada', nullable: false }]) expect((await post({ id: 'a', owner })).statusCode).toBe(201);
  });
});
