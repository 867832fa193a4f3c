import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { BodyChunk } from '../mock-response.js';
import { responseGone } from './client-gone.js';
import type { HeldConnections } from './held-connections.js';

/**
 * Told of every answer sendResponse() writes, once it is written, with the body text sent, and of a
 * fault as status 0 (no answer): how the HTTP side hands the mock what it sent (journal, metrics, log
 * line). A function handed down by build-app.ts rather than an onResponse hook, whose per-request
 * machinery costs more than the work it would run.
 */
export type Told = (reply: FastifyReply, status: number, text: string | undefined) => void;

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
  told?: Told,
): FastifyReply {
  reply.code(status);
  // Headers set before the answer (CORS) go out with it: Fastify writes nothing once hijacked.
  const headers = reply.getHeaders();
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(status, headers as OutgoingHttpHeaders);
  void pump(raw, chunks, held).then((bytes) => told?.(reply, status, `(${bytes} bytes streamed)`));
  return reply;
}

/**
 * Text of items ready at once that is written together: an item waits for the others the source has
 * ready in the same turn of the event loop, up to this many characters, then they go out as one write.
 */
const BATCH_CHARS = 16 * 1024;
/**
 * The longest the source may keep the event loop making items before the batch goes out and other
 * connections get their turn: a source that makes items slowly (generated ones) is cut by time, not size.
 */
const BATCH_MS = 4;

/**
 * Writes the chunks; resolves to the bytes written. Text chunks the source yields without a pause are
 * joined and written once per turn of the event loop (or per BATCH_CHARS or BATCH_MS, letting other
 * connections in between): one write and one chunk header instead of one per item. The socket is never
 * corked. After a batch the pump always waits for the next turn (setImmediate): on a local socket a
 * write completes at once and `drain` comes on the same tick, so waiting for `drain` alone never lets
 * the event loop turn, and one stream would hold every other connection until it ended.
 */
async function pump(raw: ServerResponse, chunks: AsyncIterable<BodyChunk>, held: HeldConnections | undefined): Promise<number> {
  const stop = new AbortController();
  const gone = () => stop.abort();
  raw.once('close', gone);
  // A client that went before the answer was ready (a proxied body past the limit, a delay): its
  // `close` came before this listener, and the source is left at once (its `finally` runs).
  if (responseGone(raw)) gone();
  const unhold = held?.track(gone);
  const pause = held ? (ms: number) => held.wait(ms, stop.signal) : pauses(stop.signal);
  let bytes = 0;
  let batch = '';
  let scheduled: NodeJS.Immediate | undefined;
  let turnStarted = performance.now();
  /** Lets the event loop turn (other connections, timers) after waiting for the client if it must. */
  const yieldTurn = async (written: boolean) => {
    if (!written) await drained(raw);
    await nextTurn();
    turnStarted = performance.now();
  };
  /** Writes the joined text; false when the client has yet to take it (back-pressure). */
  const flush = (): boolean => {
    if (scheduled !== undefined) clearImmediate(scheduled);
    scheduled = undefined;
    if (batch === '') return true;
    const text = batch;
    batch = '';
    bytes += Buffer.byteLength(text);
    return responseGone(raw) || raw.write(text);
  };
  try {
    for await (const chunk of chunks) {
      if (chunk.delayMs) {
        if (!flush()) await drained(raw);
        await pause(chunk.delayMs);
        turnStarted = performance.now();
      }
      if (stop.signal.aborted) break;
      // A batch written by the scheduled flush may still be waiting for the client.
      if (needsDrain(raw)) await drained(raw);
      const data = chunk.data;
      if (typeof data === 'string') {
        batch += data;
        if (batch.length < BATCH_CHARS && performance.now() - turnStarted < BATCH_MS) {
          scheduled ??= setImmediate(flush);
          continue;
        }
        await yieldTurn(flush());
      } else {
        flush();
        bytes += data.byteLength;
        await yieldTurn(raw.write(data));
      }
      if (stop.signal.aborted) break;
    }
    if (!stop.signal.aborted) flush();
    if (!responseGone(raw)) raw.end();
  } catch {
    // What the source gave before it failed goes out (Node sends a turn's writes at the end of it); then the cut.
    flush();
    await nextTurn();
    raw.destroy();
  } finally {
    if (scheduled !== undefined) clearImmediate(scheduled);
    raw.off('close', gone);
    unhold?.();
  }
  return bytes;
}

/** Whether written data still waits for the client; the HTTP/2 compatibility response asks its stream. */
function needsDrain(raw: ServerResponse): boolean {
  return raw.writableNeedDrain ?? (raw as { stream?: { writableNeedDrain?: boolean } }).stream?.writableNeedDrain === true;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function drained(raw: ServerResponse): Promise<void> {
  // Gone already: neither `drain` nor `close` is still to come.
  if (responseGone(raw)) return Promise.resolve();
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
