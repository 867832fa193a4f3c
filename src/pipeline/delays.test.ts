import { describe, expect, it } from 'vitest';
import { createSeededRandom, keyedRandom } from '../generate/seeded-random.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Maybe } from '../sessions/session-store.js';
import { type CallDraws, createDelays } from './delays.js';
import type { Exchange } from './types.js';

const response: MockResponse = { status: 200, headers: {}, body: undefined };
const operation = (delay?: { min: number; max: number }) => ({ mockExtensions: delay ? { delay } : {} }) as unknown as MockOperation;
const exchange = (parts: Partial<Exchange> = {}) => ({ session: {}, ...parts }) as Exchange;
/** The answer of a store that answers at once. */
const now = (answer: Maybe<MockResponse>) => answer as MockResponse;

describe('createDelays', () => {
  it('is inactive when neither the server nor an operation delays', () => {
    expect(createDelays(undefined, [operation()], Math.random).active).toBe(false);
    expect(createDelays(undefined, [operation({ min: 5, max: 5 })], Math.random).active).toBe(true);
  });

  it('draws a range with the seeded randomness: the same seed replays the same delays', () => {
    const draws = (seed: number) => {
      const delays = createDelays({ min: 100, max: 500 }, [], createSeededRandom(seed));
      return Array.from({ length: 5 }, () => now(delays.apply(exchange(), response)).delayMs);
    };
    const first = draws(7);
    expect(draws(7)).toEqual(first);
    for (const ms of first) expect(ms).toBeGreaterThanOrEqual(100);
    for (const ms of first) expect(ms).toBeLessThanOrEqual(500);
  });

  it('takes the request first, then a scenario step, then the operation, then the server', () => {
    const delays = createDelays({ min: 10, max: 10 }, [], Math.random);
    const op = operation({ min: 20, max: 20 });
    expect(now(delays.apply(exchange({ asked: { delay: 30 }, operation: op }), { ...response, delayMs: 40 })).delayMs).toBe(30);
    expect(now(delays.apply(exchange({ operation: op }), { ...response, delayMs: 40 })).delayMs).toBe(40);
    expect(now(delays.apply(exchange({ operation: op }), response)).delayMs).toBe(20);
    expect(now(delays.apply(exchange(), response)).delayMs).toBe(10);
  });

  it("draws a range by the session's count of calls of the operation, whatever else was drawn between", () => {
    // A session store's count per session and key, as the scenario engine's callDraws keeps it.
    const counts = new Map<string, number>();
    const draws: CallDraws = (session, key) => {
      const calls = counts.get(`${session}|${key}`) ?? 0;
      counts.set(`${session}|${key}`, calls + 1);
      return keyedRandom(7, `${session}|${key}|${calls}`);
    };
    const delays = createDelays({ min: 100, max: 500 }, [], Math.random, draws);
    const call = (session: string) => now(delays.apply(exchange({ session: { id: session } }), response)).delayMs;
    const a = [call('a'), call('a'), call('a')];
    counts.clear();
    // Interleaved with another session's calls, and in another process: the same three.
    expect([call('a'), call('b'), call('a'), call('b'), call('a')].filter((_, i) => i % 2 === 0)).toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(1);
  });

  it('a fixed delay counts nothing; a store that cannot count falls back to the seeded sequence', async () => {
    let asked = 0;
    const fixed = createDelays({ min: 50, max: 50 }, [], Math.random, () => {
      asked++;
      return Math.random;
    });
    expect(now(fixed.apply(exchange(), response)).delayMs).toBe(50);
    expect(asked).toBe(0);
    const lost = createDelays(
      { min: 100, max: 500 },
      [],
      () => 0.5,
      () => Promise.reject(new Error('store lost')),
    );
    expect((await lost.apply(exchange(), response)).delayMs).toBe(300);
    const remote = createDelays(
      { min: 100, max: 500 },
      [],
      () => 0.5,
      () => Promise.resolve(() => 0),
    );
    expect((await remote.apply(exchange(), response)).delayMs).toBe(100);
  });
});
