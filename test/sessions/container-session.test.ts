import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { StartedPlantStoreMockContainer } from '../../src/testcontainers/index.js';

// The container's handle is the same as the server's over a socket; an in-process server stands in for
// the container here (test/container/ drives a real one when a runtime is available).
let mock: MockServer;
let container: StartedPlantStoreMockContainer;
beforeAll(async () => {
  mock = await createMockServer();
  const port = Number(new URL(await mock.listen()).port);
  container = new StartedPlantStoreMockContainer(
    { getHost: () => '127.0.0.1', getMappedPort: () => port } as unknown as StartedTestContainer,
    4010,
  );
});
afterAll(() => mock.close());

it('gives each handle its own session over the container URL', async () => {
  const a = container.session();
  const b = container.session();
  await a.useScenario('unauthorized');
  const post = {
    method: 'POST',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    body: '{"id":1,"name":"Aloe"}',
  };
  expect((await a.fetch('/plants', post)).status).toBe(401);
  expect((await b.fetch('/plants', post)).status).toBe(200);
  expect((await a.verify({ status: '401', exactly: 1 })).pass).toBe(true);
  expect(await b.journal()).toEqual([expect.objectContaining({ session: b.id })]);
  await a.reset();
  expect(await a.journal()).toEqual([]);
});
