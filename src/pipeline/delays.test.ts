import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../generate/seeded-random.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { createDelays } from './delays.js';
import type { Exchange } from './types.js';

const response: MockResponse = { status: 200, headers: {}, body: undefined };
const operation = (delay?: { min: number; max: number }) => ({ mockExtensions: delay ? { delay } : {} }) as unknown as MockOperation;
const exchange = (parts: Partial<Exchange> = {}) => ({ ...parts }) as Exchange;

describe('createDelays', () => {
  it('is inactive when neither the server nor an operation delays', () => {
    expect(createDelays(undefined, [operation()], Math.random).active).toBe(false);
    expect(createDelays(undefined, [operation({ min: 5, max: 5 })], Math.random).active).toBe(true);
  });

  it('draws a range with the seeded randomness: the same seed replays the same delays', () => {
    const draws = (seed: number) => {
      const delays = createDelays({ min: 100, max: 500 }, [], createSeededRandom(seed));
      return Array.from({ length: 5 }, () => delays.apply(exchange(), response).delayMs);
    };
    const first = draws(7);
    expect(draws(7)).toEqual(first);
    for (const ms of first) expect(ms).toBeGreaterThanOrEqual(100);
    for (const ms of first) expect(ms).toBeLessThanOrEqual(500);
  });

  it('takes the request first, then a scenario step, then the operation, then the server', () => {
    const delays = createDelays({ min: 10, max: 10 }, [], Math.random);
    const op = operation({ min: 20, max: 20 });
    expect(delays.apply(exchange({ asked: { delay: 30 }, operation: op }), { ...response, delayMs: 40 }).delayMs).toBe(30);
    expect(delays.apply(exchange({ operation: op }), { ...response, delayMs: 40 }).delayMs).toBe(40);
    expect(delays.apply(exchange({ operation: op }), response).delayMs).toBe(20);
    expect(delays.apply(exchange(), response).delayMs).toBe(10);
  });
});
