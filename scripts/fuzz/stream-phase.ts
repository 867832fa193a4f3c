/**
 * The fuzz script's stream phase: generated streams asked for with hostile counts, intervals and
 * `Last-Event-ID`s (numbers past the count, ids the mock made, garbage), each read a moment and left,
 * while another client keeps asking `/__mock/health`. No answer may be a 5xx, and the other client
 * never waits long: a stream that held the event loop would show here as seconds.
 */
import fc from 'fast-check';
import { createMockServer } from '../../src/index.js';
import { SLOW_MS } from './timed-send.js';

const STREAMS = new URL('../../test/streams/fixtures/streams.yaml', import.meta.url).pathname;
const number = (values: readonly string[]) => fc.oneof(fc.integer({ min: -5, max: 20_000 }).map(String), fc.constantFrom(...values));
const streamRequest = fc.record({
  path: fc.constantFrom('/ticks', '/notices'),
  count: fc.option(number(['10000', '10001', '1e9', '9007199254740993', 'x', '', '0x10']), { nil: undefined }),
  interval: fc.option(number(['0', '60001', '-1', '1e12', 'NaN', '']), { nil: undefined }),
  lastEventId: fc.option(fc.oneof(number(['99999999999999999999', '-1', 'x', '1 2', '\u00e9']), fc.constant('9999')), { nil: undefined }),
  readMs: fc.integer({ min: 0, max: 150 }),
});

/** Returns the failures (empty when every request held); `worst` is the other client's longest wait. */
export async function streamPhase(runs: number, seed: number): Promise<{ failures: string[]; worst: number }> {
  const mock = await createMockServer({ spec: STREAMS, port: 0, logLevel: 'silent' });
  const base = await mock.listen();
  const failures: string[] = [];
  let worst = 0;
  let probing = true;
  // The other client: one health check after another, all phase long.
  const prober = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${base}/__mock/health`, { signal: AbortSignal.timeout(10_000) }).then((response) => response.text());
      worst = Math.max(worst, performance.now() - started);
    }
  })().catch((error: unknown) => failures.push(`stream phase: the health check failed: ${String(error)}`));
  try {
    await fc.assert(
      fc.asyncProperty(streamRequest, async ({ path, count, interval, lastEventId, readMs }) => {
        const query = new URLSearchParams({
          ...(count === undefined ? {} : { __stream_count: count }),
          ...(interval === undefined ? {} : { __stream_interval: interval }),
        });
        const controller = new AbortController();
        const response = await fetch(`${base}${path}?${query}`, {
          headers: { accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
          signal: controller.signal,
        });
        if (response.status >= 500) throw new Error(`${path}?${query} (Last-Event-ID ${lastEventId}): answered ${response.status}`);
        const reading = response.body?.pipeTo(new WritableStream()).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, readMs));
        controller.abort();
        await reading;
      }),
      { numRuns: runs, seed },
    );
    // Eight long streams at once, read as fast as they come, with the prober still asking.
    const controller = new AbortController();
    const long = Array.from({ length: 8 }, () =>
      fetch(`${base}/ticks?__stream_count=10000&__stream_interval=0`, { signal: controller.signal })
        .then((response) => response.body?.pipeTo(new WritableStream()))
        .catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    controller.abort();
    await Promise.all(long);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
    failures.push(`stream phase: ${error instanceof Error ? error.message : String(error)}${cause}`);
  } finally {
    probing = false;
    await prober;
    await mock.close();
  }
  if (worst > SLOW_MS) failures.push(`stream phase: another client waited ${Math.round(worst)} ms for /__mock/health`);
  return { failures, worst };
}
