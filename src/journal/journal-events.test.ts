import { describe, expect, it } from 'vitest';
import { Journal } from './journal.js';
import { createJournalEvents } from './journal-events.js';

describe('an event stream whose reader stops reading', () => {
  it('is closed after a heartbeat finds it still blocked', async () => {
    const journal = new Journal(10);
    const events = createJournalEvents(journal, { maxStreams: 2, heartbeatMs: 20, maxStreamMs: 60_000 });
    let ended = false;
    let destroyed = false;
    const raw = {
      writableNeedDrain: true,
      writeHead: () => raw,
      write: () => false,
      end: () => {
        ended = true;
      },
      destroy: () => {
        destroyed = true;
      },
      once: () => raw,
    };
    events.stream({} as never, { hijack: () => undefined, raw } as never);
    journal.clear(); // an event the blocked reader cannot take
    const deadline = Date.now() + 2000;
    while (!(ended && destroyed) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(ended && destroyed).toBe(true);
  });
});
