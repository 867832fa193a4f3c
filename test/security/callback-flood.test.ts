import { describe, expect, it } from 'vitest';
import { MAX_PENDING } from '../../src/callbacks/callback-sender.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('../fixtures/callbacks.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };

describe('callbacks asked for faster than they are sent', () => {
  it('are refused beyond the bound of waiting ones, each journalled, and the rest is cancelled on close', async () => {
    const server = await mockServer({ spec, journalSize: 2 * MAX_PENDING + 100 });
    const extra = 5;
    const order = JSON.stringify({ callbackUrl: 'http://127.0.0.1:9/shipped' });
    for (let i = 0; i < MAX_PENDING + extra; i++) {
      const answer = await server.inject({
        method: 'POST',
        url: '/orders',
        headers: { ...json, prefer: 'callback-delay=60000' },
        payload: order,
      });
      expect(answer.statusCode).toBe(201);
    }
    const journal = (await server.inject('/__mock/journal?limit=100')).json() as {
      entries: { callback?: { outcome: string; problems: string[] } }[];
    };
    const refused = journal.entries.filter((entry) => entry.callback?.outcome === 'refused');
    expect(refused).toHaveLength(extra);
    expect(refused[0]?.callback?.problems[0]).toContain(`more than ${MAX_PENDING} callbacks`);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
