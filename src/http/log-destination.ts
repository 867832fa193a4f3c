import sonicBoom from 'sonic-boom';

/** Past this much unwritten log text (a reader that stopped reading), new lines are dropped, not buffered. */
const MAX_PENDING_LOG_BYTES = 16 * 1024 * 1024;
/** Under load, lines are written in batches of at least this much text... */
const BATCH_BYTES = 8 * 1024;
/** ...and at idle, within this many milliseconds. */
const FLUSH_INTERVAL_MS = 100;

export interface LogDestination {
  write(line: string): unknown;
  /** Writes out what is still buffered; resolves when it is written (or cannot be). */
  flush(): Promise<void>;
}

/**
 * Standard output for the request log, written asynchronously and in batches. pino's default writes
 * each line with a blocking write(2): one system call per request, and a slow reader (a full pipe)
 * stalls every request. Here writes go through libuv's thread pool, so a slow reader never blocks a
 * request, and each such write costs the event loop a hand-off to another thread: lines are gathered
 * until BATCH_BYTES (about 80 lines) or FLUSH_INTERVAL_MS, whichever comes first.
 */
export function asyncStdout(): LogDestination {
  const stream = new sonicBoom.SonicBoom({ fd: 1, sync: false, minLength: BATCH_BYTES, maxLength: MAX_PENDING_LOG_BYTES });
  let timer: NodeJS.Timeout | undefined;
  const flushSoon = () => {
    timer = undefined;
    stream.flush();
  };
  return {
    write(line) {
      stream.write(line);
      // Not keeping the process alive: close() flushes what is left.
      timer ??= setTimeout(flushSoon, FLUSH_INTERVAL_MS).unref();
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      return new Promise((resolve) => stream.flush(() => resolve()));
    },
  };
}
