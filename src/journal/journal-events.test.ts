import { createServer } from 'node:http';
import { connect } from 'node:net';
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

describe('an event stream over a real socket', () => {
  it('is closed by the heartbeat once a client that stopped reading lets the buffers fill', async () => {
    const journal = new Journal(1000);
    const events = createJournalEvents(journal, { maxStreams: 4, heartbeatMs: 100, maxStreamMs: 60_000 });
    const server = createServer((request, response) =>
      events.stream(request as never, { hijack: () => undefined, raw: response } as never),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    await new Promise<void>((resolve) => client.once('connect', resolve));
    client.write(`GET /__mock/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
    client.pause(); // a tab that hangs: the socket stays open, nothing is read
    const open = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    const big = {
      time: 0,
      session: undefined,
      method: 'POST',
      path: '/plants',
      query: {},
      headers: {},
      body: 'x'.repeat(60_000),
      bodySize: 60_000,
      provenance: undefined,
      operation: undefined,
      status: 200,
      responseHeaders: {},
      responseBody: undefined,
      durationMs: 1,
    };
    const deadline = Date.now() + 20_000;
    let closed = false;
    try {
      while (!closed && Date.now() < deadline) {
        for (let i = 0; i < 50; i++) journal.record(big);
        await new Promise((resolve) => setTimeout(resolve, 50));
        closed = (await open()) === 0;
      }
      expect(closed).toBe(true);
    } finally {
      client.destroy();
      events.closeAll();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);
});

describe('the journal events', () => {
  it('listen to the journal only while a stream is open', () => {
    const journal = new Journal(10);
    let listening = 0;
    const subscribe = journal.subscribe.bind(journal);
    journal.subscribe = (listener) => {
      listening++;
      const stop = subscribe(listener);
      return () => {
        listening--;
        return stop();
      };
    };
    const events = createJournalEvents(journal, { maxStreams: 4, heartbeatMs: 60_000, maxStreamMs: 60_000 });
    expect(listening).toBe(0);
    const closers: (() => void)[] = [];
    const open = () => {
      const raw = {
        writableNeedDrain: false,
        writeHead: () => raw,
        write: () => true,
        end: () => undefined,
        destroy: () => undefined,
        once: (_event: string, close: () => void) => {
          closers.push(close);
          return raw;
        },
      };
      events.stream({} as never, { hijack: () => undefined, raw } as never);
    };
    open();
    open();
    expect(listening).toBe(1);
    closers[0]?.();
    expect(listening).toBe(1);
    closers[1]?.();
    expect(listening).toBe(0);
    open();
    expect(listening).toBe(1);
    events.closeAll();
    expect(listening).toBe(0);
  });
});
