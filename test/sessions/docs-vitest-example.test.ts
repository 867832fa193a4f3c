import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ seed: 1 });
});
afterAll(() => mock.close());

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

it('reports a duplicate plant', async () => {
  const session = mock.session();
  await session.useScenario('duplicate-id');
  expect((await session.fetch('/plants', json({ id: 42, name: 'Ficus' }))).status).toBe(200);
  const second = await session.fetch('/plants', json({ id: 42, name: 'Ficus' }));
  expect(await second.json()).toEqual({ error: 40009, message: 'A plant with id 42 already exists' });
  const verdict = await session.verify({ method: 'POST', path: '/plants', status: '400', exactly: 1 });
  expect(verdict.pass, verdict.message).toBe(true);
});

it('starts clean: no scenario, no stored plants, an empty journal', async () => {
  const session = mock.session();
  expect((await session.fetch('/plants', json({ id: 42, name: 'Ficus' }))).status).toBe(200);
  expect(await session.journal()).toHaveLength(1);
});
