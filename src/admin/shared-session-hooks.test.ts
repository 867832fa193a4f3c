import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MockDocument } from '../mock/create-mock.js';
import type { SharedSessions } from '../mock/shared-sessions.js';
import { sharedSessionHooks } from './shared-session-hooks.js';

/** Shared sessions whose store says "someone else wrote it" once: the route is decided twice. */
function conflictingOnce(): SharedSessions {
  return {
    async run(_session: string | undefined, decide: () => unknown, again: () => void) {
      await decide();
      again();
      return decide();
    },
  } as unknown as SharedSessions;
}

describe('admin session routes with --store', () => {
  it('start each attempt from a clean reply: a discarded attempt leaves no status or header behind', async () => {
    const app = Fastify();
    sharedSessionHooks(app, [{ shared: conflictingOnce() } as unknown as MockDocument]);
    let attempts = 0;
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-before', 'kept');
    });
    app.put('/__mock/state', async (_request, reply) => {
      attempts++;
      if (attempts === 1) return reply.code(409).header('x-discarded', 'yes').type('text/plain').send('first');
      return reply.header('cache-control', 'no-store').send({ attempt: attempts });
    });
    const answer = await app.inject({ method: 'PUT', url: '/__mock/state?session=s' });
    expect(attempts).toBe(2);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ attempt: 2 });
    expect(answer.headers['x-discarded']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-before']).toBe('kept');
    expect(answer.headers['cache-control']).toBe('no-store');
    await app.close();
  });
});
