import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant, serverWith } from '../support/scenarios.js';

const FILES = {
  'first-fails.yaml': `
description: the first call fails, the next ones succeed
rules:
  - operation: createPlant
    sequence:
      - error: { code: INVALID_REQUEST, params: { details: try again } }
      - {}
`,
  'remember.yaml': `
description: duplicate detection
rules:
  - operation: createPlant
    match: { stored: /id }
    respond: { error: { code: DUPLICATE_ID, params: { id: '{{/body/id}}' } } }
  - operation: createPlant
    store: /id
    respond: {}
`,
};

describe('scenario sessions', () => {
  let server: Awaited<ReturnType<typeof serverWith>>;
  beforeAll(async () => {
    server = await serverWith(FILES);
  });
  afterAll(() => server.cleanup());

  it('advances a sequence atomically: 100 parallel calls in one session yield exactly one failure', async () => {
    const headers = { 'x-mock-scenario': 'first-fails', 'x-mock-session': 'parallel' };
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => createPlant(server, { id: i, name: 'p' }, headers)));
    expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(99);
  });

  it('keeps sequence positions and stored data apart per session, under concurrency', async () => {
    const sessions = Array.from({ length: 20 }, (_, i) => `s-${i}`);
    const results = await Promise.all(
      sessions.flatMap((session) =>
        [1, 2].map(() => createPlant(server, { id: 7, name: 'p' }, { 'x-mock-scenario': 'remember', 'x-mock-session': session })),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(20);
    const fresh = await createPlant(server, { id: 7, name: 'p' }, { 'x-mock-scenario': 'remember' });
    expect(fresh.statusCode).toBe(200);
  });

  it('resets one session, or all', async () => {
    const headers = { 'x-mock-scenario': 'remember', 'x-mock-session': 'reset-me' };
    await createPlant(server, { id: 8, name: 'p' }, headers);
    expect((await createPlant(server, { id: 8, name: 'p' }, headers)).statusCode).toBe(400);
    const reset = await server.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: { 'content-type': 'application/json' },
      payload: '{"session":"reset-me"}',
    });
    expect(reset.json()).toEqual({ reset: 'reset-me' });
    expect((await createPlant(server, { id: 8, name: 'p' }, headers)).statusCode).toBe(200);
    expect((await server.inject({ method: 'POST', url: '/__mock/reset' })).json()).toEqual({ reset: 'all' });
    expect((await createPlant(server, { id: 8, name: 'p' }, headers)).statusCode).toBe(200);
  });
});

describe('session expiry', () => {
  it('forgets a session idle longer than sessionIdleTimeout', async () => {
    const server = await serverWith(FILES, { sessionIdleTimeout: 300 });
    try {
      const headers = { 'x-mock-scenario': 'remember', 'x-mock-session': 'idle' };
      expect((await createPlant(server, { id: 1, name: 'p' }, headers)).statusCode).toBe(200);
      expect((await createPlant(server, { id: 1, name: 'p' }, headers)).statusCode).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect((await createPlant(server, { id: 1, name: 'p' }, headers)).statusCode).toBe(200);
    } finally {
      await server.cleanup();
    }
  });
});
