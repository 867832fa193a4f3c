import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { BodyChunk } from '../mock-response.js';
import type { HeldConnections } from './held-connections.js';

/**
 * Writes a streamed body: the status and headers at once, then each chunk as the source yields it,
 * after the chunk's delay; a chunk waits until the client has taken the one before it (back-pressure),
 * so a slow reader never makes the server buffer the stream. The source is left (its `return()` runs,
 * so a generator's `finally` cleans up) as soon as the client goes away or the server closes; a source
 * that fails cuts the connection, so a partial body never looks complete. Tells the server of the
 * answer once the stream is over.
 */
export function sendStream(
  reply: FastifyReply,
  status: number,
  chunks: AsyncIterable<BodyChunk>,
  held: HeldConnections | undefined,
): FastifyReply {
  reply.code(status);
  // Headers set before the answer (CORS) go out with it: Fastify writes nothing once hijacked.
  const headers = reply.getHeaders();
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(status, headers as OutgoingHttpHeaders);
  void pump(raw, chunks, held).then((bytes) => {
    const exchange = reply.request.exchange;
    if (exchange !== undefined) exchange.responseText = `(${bytes} bytes streamed)`;
    reply.server.answered?.(reply.request, reply, status);
  });
  return reply;
}

/** Writes the chunks; resolves to the bytes written. */
async function pump(raw: ServerResponse, chunks: AsyncIterable<BodyChunk>, held: HeldConnections | undefined): Promise<number> {
  const stop = new AbortController();
  const gone = () => stop.abort();
  raw.once('close', gone);
  const unhold = held?.track(gone);
  const pause = held ? (ms: number) => held.wait(ms, stop.signal) : pauses(stop.signal);
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      if (chunk.delayMs) await pause(chunk.delayMs);
      if (stop.signal.aborted) break;
      bytes += typeof chunk.data === 'string' ? Buffer.byteLength(chunk.data) : chunk.data.byteLength;
      if (!raw.write(chunk.data)) await drained(raw);
      if (stop.signal.aborted) break;
    }
    if (!raw.destroyed) raw.end();
  } catch {
    raw.destroy();
  } finally {
    raw.off('close', gone);
    unhold?.();
  }
  return bytes;
}

function drained(raw: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
  });
}

/**
 * Waits between the chunks of one stream, cut short when `signal` aborts: one abort listener for the
 * whole stream, however many chunks it delays (a listener per chunk would pile up on a long stream).
 */
export function pauses(signal: AbortSignal): (ms: number) => Promise<void> {
  let wake: (() => void) | undefined;
  signal.addEventListener('abort', () => wake?.(), { once: true });
  return (ms) => {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });
  };
}
