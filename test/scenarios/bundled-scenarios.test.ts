import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { createPlant, postOverNetwork } from '../support/scenarios.js';

describe('bundled Plant Store scenarios', () => {
  let server: MockServer;
  let url: string;
  beforeAll(async () => {
    server = await createMockServer({ seed: 11 });
    url = await server.listen();
  });
  afterAll(() => server.close());
  const inSession = (scenario: string, session: string) => ({ 'x-mock-scenario': scenario, 'x-mock-session': session });

  it('lists all seven with a description each', async () => {
    const { scenarios } = (await server.inject('/__mock/scenarios')).json() as { scenarios: { name: string; description: string }[] };
    expect(scenarios.map((s) => s.name)).toEqual([
      'duplicate-id',
      'fail-then-succeed',
      'flaky',
      'happy-path',
      'slow',
      'unauthorized',
      'validation-error',
    ]);
    for (const s of scenarios) expect(s.description.length).toBeGreaterThan(10);
  });

  it('happy-path echoes the created plant', async () => {
    const response = await createPlant(server, { id: 1, name: 'Aloe vera', tag: 'succulent' }, inSession('happy-path', 'hp'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Aloe vera', tag: 'succulent' });
  });

  it('validation-error answers every create with a realistic 400', async () => {
    const response = await createPlant(server, { id: 1, name: 'Aloe vera' }, inSession('validation-error', 've'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 40001, message: 'Invalid request: body.name is required' });
  });

  it('unauthorized answers every call 401 with a Bearer challenge', async () => {
    const response = await createPlant(server, { id: 1, name: 'Aloe vera' }, inSession('unauthorized', 'un'));
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(40102);
    expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('duplicate-id rejects a second create of the same id in the session with DUPLICATE_ID', async () => {
    const headers = inSession('duplicate-id', 'dup');
    expect((await createPlant(server, { id: 42, name: 'Ficus' }, headers)).statusCode).toBe(200);
    const second = await createPlant(server, { id: 42, name: 'Ficus again' }, headers);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: 40009, message: 'A plant with id 42 already exists' });
    expect((await createPlant(server, { id: 43, name: 'Other' }, headers)).statusCode).toBe(200);
    expect((await createPlant(server, { id: 42, name: 'Ficus' }, inSession('duplicate-id', 'other'))).statusCode).toBe(200);
  });

  it('slow answers after about 2 s', async () => {
    const started = performance.now();
    const result = await postOverNetwork(url, { id: 1, name: 'Aloe' }, inSession('slow', 'slow'));
    const elapsed = performance.now() - started;
    expect(result).toHaveProperty('status', 200);
    expect(elapsed).toBeGreaterThanOrEqual(1790);
    expect(elapsed).toBeLessThan(6000);
  });

  it('flaky resets a share of calls and answers the others', async () => {
    const results = [];
    for (let i = 0; i < 40; i++) results.push(await postOverNetwork(url, { id: i, name: 'Aloe' }, inSession('flaky', 'flaky')));
    const resets = results.filter((r) => 'error' in r).length;
    expect(resets).toBeGreaterThan(0);
    expect(resets).toBeLessThan(20);
  });

  it('fail-then-succeed resets exactly one of 100 parallel calls in a session', async () => {
    const headers = inSession('fail-then-succeed', 'parallel');
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => postOverNetwork(url, { id: i, name: 'Aloe' }, headers)));
    expect(results.filter((r) => 'error' in r)).toEqual([{ error: 'ECONNRESET' }]);
    expect(results.filter((r) => 'status' in r && r.status === 200)).toHaveLength(99);
  });

  it('fail-then-succeed faults the first call of each session, then succeeds', async () => {
    for (const session of ['fts-1', 'fts-2']) {
      const headers = inSession('fail-then-succeed', session);
      expect(await postOverNetwork(url, { id: 1, name: 'Aloe' }, headers)).toEqual({ error: 'ECONNRESET' });
      expect(await postOverNetwork(url, { id: 1, name: 'Aloe' }, headers)).toHaveProperty('status', 200);
      expect(await postOverNetwork(url, { id: 1, name: 'Aloe' }, headers)).toHaveProperty('status', 200);
    }
  });
});
