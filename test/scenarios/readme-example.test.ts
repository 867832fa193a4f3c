// The README's vitest example, kept runnable (imports from src instead of the package name).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ seed: 1 });
  await mock.listen();
});
afterAll(() => mock.close());

it('reports a duplicate plant', async () => {
  const headers = { authorization: 'Bearer t', 'content-type': 'application/json', 'x-mock-session': randomUUID() };
  await fetch(`${mock.url}/__mock/scenario`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scenario: 'duplicate-id', session: headers['x-mock-session'] }),
  });
  const create = () => fetch(`${mock.url}/plants`, { method: 'POST', headers, body: JSON.stringify({ id: 42, name: 'Ficus' }) });
  expect((await create()).status).toBe(200);
  expect(await (await create()).json()).toEqual({ error: 40009, message: 'A plant with id 42 already exists' });
});
