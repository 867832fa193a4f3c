import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringifyJson } from '../json/stringify-json.js';
import type { Journal, JournalEvent } from './journal.js';
import { presentEntry } from './present-entry.js';

const HEARTBEAT_MS = 15_000;
/** A stream lives this long at most; the browser's EventSource reconnects on its own (after `retry`). */
const MAX_STREAM_MS = 10 * 60_000;

export interface EventStreamLimits {
  /** Most streams open at once; a new one closes the oldest. */
  readonly maxStreams: number;
  readonly heartbeatMs?: number;
  readonly maxStreamMs?: number;
}

/**
 * Server-sent events of the journal for the dashboard: `entry` (one presented entry), `clear`, and
 * `resync` when a slow reader missed entries (the client then lists the journal again). Each event is
 * serialized once whatever the number of readers, and not at all without one. Streams end when the
 * server closes, so close() never waits on an open dashboard. Bounded, so that idle streams never
 * hold connections the API needs: at most `maxStreams` (a new one closes the oldest, which is told
 * why), a heartbeat that ends a stream whose reader has not read since the previous one, and a
 * lifetime after which the browser reconnects. The journal is listened to only while a stream is
 * open: a listener makes it encode every entry as it comes rather than when read.
 */
export function createJournalEvents(journal: Pick<Journal, 'subscribe'>, limits: EventStreamLimits) {
  const heartbeatMs = limits.heartbeatMs ?? HEARTBEAT_MS;
  const maxStreamMs = limits.maxStreamMs ?? MAX_STREAM_MS;
  const writers = new Set<(text: string) => void>();
  const enders = new Set<(reason?: string) => void>();
  const hear = (event: JournalEvent) => {
    const text =
      event.type === 'entry'
        ? `event: entry\ndata: ${stringifyJson(presentEntry(event.entry))}\n\n`
        : `event: clear\ndata: ${JSON.stringify({ session: event.session ?? null })}\n\n`;
    for (const write of writers) write(text);
  };
  let unsubscribe: (() => void) | undefined;

  function stream(_request: FastifyRequest, reply: FastifyReply): void {
    reply.hijack();
    const res = reply.raw;
    // Oldest first (a Set keeps insertion order): the newest dashboard tab wins.
    while (enders.size >= limits.maxStreams) {
      const oldest = enders.values().next().value as ((reason?: string) => void) | undefined;
      oldest?.('too-many-streams');
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.write('retry: 2000\n\n');
    let missed = false;
    const write = (text: string) => {
      if (res.writableNeedDrain) {
        missed = true;
        return;
      }
      if (missed) {
        missed = false;
        res.write('event: resync\ndata: {}\n\n');
      }
      res.write(text);
    };
    const opened = Date.now();
    const heartbeat = setInterval(() => {
      // Still blocked since the last heartbeat: the reader is gone or stalled.
      if (missed && res.writableNeedDrain) return end('idle');
      if (Date.now() - opened >= maxStreamMs) return end('lifetime');
      write(': keep-alive\n\n');
    }, heartbeatMs);
    heartbeat.unref();
    const end = (reason?: string) => {
      if (!writers.delete(write)) return;
      enders.delete(end);
      clearInterval(heartbeat);
      if (reason !== undefined && !res.writableNeedDrain) res.write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
      res.end();
      if (reason === 'idle') res.destroy();
      if (writers.size === 0) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    };
    unsubscribe ??= journal.subscribe(hear);
    writers.add(write);
    enders.add(end);
    res.once('close', () => end()); // the client went away (or closeAll ended the stream)
  }

  return {
    stream,
    /** Ends every open stream (called before the server closes). */
    closeAll(): void {
      for (const end of [...enders]) end();
    },
  };
}
