import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { pauses } from './send-stream.js';

describe("a stream's pauses between chunks", () => {
  it('keep one abort listener however many chunks wait', async () => {
    const stop = new AbortController();
    const pause = pauses(stop.signal);
    for (let i = 0; i < 50; i++) await pause(1);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1);
  });

  it('end at once when the stream is stopped', async () => {
    const stop = new AbortController();
    const pause = pauses(stop.signal);
    const started = performance.now();
    const waiting = pause(10_000);
    stop.abort();
    await waiting;
    expect(performance.now() - started).toBeLessThan(1000);
    await pause(10_000); // already stopped: no wait
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
