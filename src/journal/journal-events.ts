import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringifyJson } from '../json/stringify-json.js';
import type { Journal, JournalEvent } from './journal.js';
import { presentEntry } from './present-entry.js';

const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events of the journal for the dashboard: `entry` (one presented entry), `clear`, and
 * `resync` when a slow reader missed entries (the client then lists the journal again). Each event is
 * serialized once whatever the number of readers, and not at all without one. Streams end when the
 * server closes, so close() never waits on an open dashboard.
 */
export function createJournalEvents(journal: Journal) {
  const writers = new Set<(text: string) => void>();
  const enders = new Set<() => void>();
  journal.subscribe((event: JournalEvent) => {
    if (writers.size === 0) return;
    const text =
      event.type === 'entry'
        ? `event: entry\ndata: ${stringifyJson(presentEntry(event.entry))}\n\n`
        : `event: clear\ndata: ${JSON.stringify({ session: event.session ?? null })}\n\n`;
    for (const write of writers) write(text);
  });

  function stream(_request: FastifyRequest, reply: FastifyReply): void {
    reply.hijack();
    const res = reply.raw;
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
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      if (!writers.delete(write)) return;
      enders.delete(end);
      clearInterval(heartbeat);
      res.end();
    };
    writers.add(write);
    enders.add(end);
    res.once('close', end); // the client went away (or closeAll ended the stream)
  }

  return {
    stream,
    /** Ends every open stream (called before the server closes). */
    closeAll(): void {
      for (const end of [...enders]) end();
    },
  };
}
