import { readFileSync } from 'node:fs';
import { connect as connectH2, constants as http2Constants } from 'node:http2';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { eventually } from '../support/eventually.js';

const STREAMS = new URL('./fixtures/streams.yaml', import.meta.url).pathname;
/** A stream that would take minutes if nobody ended it. */
const LONG = '/notices?__stream_count=10000&__stream_interval=50';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function start(options: { maxConnections?: number; tls?: boolean } = {}): Promise<string> {
  mock = await createMockServer({ spec: STREAMS, port: 0, logLevel: 'silent', ...options });
  return mock.listen();
}

/** Opens a stream and reads its first chunk; returns the reader and the controller that ends it. */
async function open(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toContain('data: ');
  return { reader, controller };
}

const journal = async () =>
  (JSON.parse((await (mock as MockServer).inject('/__mock/journal')).body) as { entries: { path: string; durationMs: number }[] }).entries;

describe('stream lifecycle', () => {
  it('ends the stream at once when the client goes away, and journals it', async () => {
    const url = await start();
    const { controller } = await open(`${url}${LONG}`);
    controller.abort();
    // The stream had minutes to go: it is journalled once it ended, within seconds even on a loaded machine.
    await eventually(async () => (await journal()).length === 1, 5_000);
    const [entry] = await journal();
    expect(entry?.durationMs).toBeLessThan(5_000);
  });

  it('over HTTP/2, ends a stream whose client left during its delay, and journals it', async () => {
    const url = await start({ tls: true });
    const session = connectH2(url, { ca: readFileSync((mock as MockServer).tls?.caFile ?? '', 'utf8') });
    session.on('error', () => {});
    const stream = session.request({ ':path': LONG, prefer: 'delay=400' });
    stream.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    stream.close(http2Constants.NGHTTP2_CANCEL);
    // The stream had minutes to go once started: it is journalled once it ended, well within them.
    await eventually(async () => (await journal()).length === 1, 5_000);
    expect((await journal())[0]?.durationMs).toBeLessThan(5_000);
    session.destroy();
  });

  it('over HTTP/2, ends a stream whose client cancels after its first events, and journals it', async () => {
    const url = await start({ tls: true });
    const session = connectH2(url, { ca: readFileSync((mock as MockServer).tls?.caFile ?? '', 'utf8') });
    session.on('error', () => {});
    const stream = session.request({ ':path': LONG });
    stream.on('error', () => {});
    await new Promise((resolve) => stream.once('data', resolve));
    stream.close(http2Constants.NGHTTP2_CANCEL);
    await eventually(async () => (await journal()).length === 1, 5_000);
    expect((await journal())[0]?.durationMs).toBeLessThan(5_000);
    session.destroy();
  });

  it('ends streams cleanly when the server shuts down: the body ends, close() does not wait them out', async () => {
    const url = await start();
    const { reader } = await open(`${url}${LONG}`);
    const closing = Date.now();
    await (mock as MockServer).close();
    mock = undefined;
    expect(Date.now() - closing).toBeLessThan(1_400);
    // The rest of the body arrives and then it ends, without an error.
    for (;;) if ((await reader.read()).done) break;
  });

  it('counts each stream against --max-connections', async () => {
    const url = await start({ maxConnections: 2 });
    const streams = [await open(`${url}${LONG}`), await open(`${url}${LONG}`)];
    await expect(fetch(`${url}/logs`).then((r) => r.text())).rejects.toThrow();
    for (const stream of streams) stream.controller.abort();
    // Until the server has seen the aborted streams go, a new connection is still refused: try again.
    await eventually(
      () =>
        fetch(`${url}/logs?__stream_interval=0`).then(
          (r) => r.ok,
          () => false,
        ),
      5_000,
    );
  });

  it('refuses a stream asked to last longer than ten minutes', async () => {
    const url = await start();
    const response = await fetch(`${url}/notices?__stream_count=10000&__stream_interval=1000`);
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('would last longer');
  });
});
