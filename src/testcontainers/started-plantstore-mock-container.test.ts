import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../index.js';
import { StartedPlantStoreMockContainer } from './started-plantstore-mock-container.js';

describe('StartedPlantStoreMockContainer.getCoverage', () => {
  let mock: MockServer;
  let container: StartedPlantStoreMockContainer;

  beforeAll(async () => {
    mock = await createMockServer({ adminToken: 'admin' });
    const port = Number(new URL(await mock.listen()).port);
    // The mock in this process stands in for the container: only its address is read.
    const started = { getHost: () => '127.0.0.1', getMappedPort: () => port } as unknown as StartedTestContainer;
    container = new StartedPlantStoreMockContainer(started, 4010);
  });
  afterAll(() => mock?.close());

  it('returns the coverage report, of one session when asked', async () => {
    const headers = { authorization: 'Bearer t', 'content-type': 'application/json', 'x-mock-session': 's' };
    await fetch(`${container.getBaseUrl()}/plants`, { method: 'POST', headers, body: '{"id": 1, "name": "Ficus"}' });
    const report = await container.getCoverage({ adminToken: 'admin', session: 's' });
    expect(report.session).toBe('s');
    expect(report.summary).toMatchObject({ requests: 1, documentedResponsesServed: 1 });
  });

  it('gives the coverage gate`s verdict, sending the admin token it was started with', async () => {
    const withToken = new StartedPlantStoreMockContainer(
      { getHost: () => '127.0.0.1', getMappedPort: () => Number(new URL(container.getBaseUrl()).port) } as unknown as StartedTestContainer,
      4010,
      'admin',
    );
    expect(await withToken.checkCoverage({ noViolations: true }, { session: 's' })).toMatchObject({ pass: true });
    const verdict = await withToken.checkCoverage({ min: 100 }, { session: 's' });
    expect(verdict.pass).toBe(false);
    expect(verdict.reason).toContain('is below --min 100% (session s)');
  });

  it('throws on any answer but 200, with the mock`s message', async () => {
    await expect(container.getCoverage()).rejects.toThrow('GET /__mock/coverage answered 401: The admin endpoints require');
  });
});

describe('StartedPlantStoreMockContainer over HTTPS', () => {
  it('sends its admin calls and sessions` requests trusting the given CA, and refuses without it', async () => {
    const mock = await createMockServer({ tls: true });
    try {
      const port = Number(new URL(await mock.listen()).port);
      const started = { getHost: () => '127.0.0.1', getMappedPort: () => port } as unknown as StartedTestContainer;
      const container = new StartedPlantStoreMockContainer(started, 4010, undefined, mock.tls?.caCertificate);
      expect(container.getBaseUrl()).toBe(`https://127.0.0.1:${port}`);
      expect((await container.health()).body).toMatchObject({ status: 'ok' });
      const session = container.session();
      const init = {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"id": 1, "name": "Ficus"}',
      };
      const created = await session.fetch('/plants', init);
      expect(created.status).toBe(200);
      expect(await created.json()).toEqual({ name: 'Ficus' });
      expect((await session.verify({ method: 'POST', path: '/plants', exactly: 1 })).pass).toBe(true);
      await expect(fetch(container.adminUrl('health'))).rejects.toThrow();
    } finally {
      await mock.close();
    }
  });
});
