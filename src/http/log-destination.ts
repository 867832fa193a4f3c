import { write as writeFd } from 'node:fs';

/** Under load, lines are written in batches of at least this many bytes... */
const BATCH_BYTES = 8 * 1024;
/** ...and at idle, within this many milliseconds. */
const FLUSH_INTERVAL_MS = 100;
/** Each batch buffer's size; a longer line gets a buffer of its own. */
const BUFFER_BYTES = 64 * 1024;
/** Past this much unwritten log text (a reader that stopped reading), new lines are dropped, not buffered. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** A non-blocking reader that is not ready yet (EAGAIN) is tried again after this many milliseconds. */
const RETRY_MS = 10;

export interface LogDestination {
  write(line: string): unknown;
  /** Writes out what is still buffered; resolves when it is written (or cannot be). */
  flush(): Promise<void>;
}

/**
 * A file descriptor (standard output) for the request log, written asynchronously and in batches.
 * pino's default writes each line with a blocking write(2): one system call per request, and a slow
 * reader (a full pipe) stalls every request. Here lines are copied into a preallocated buffer and
 * written through libuv's thread pool once BATCH_BYTES gathered (about 80 lines) or FLUSH_INTERVAL_MS
 * passed, so a slow reader never blocks a request. sonic-boom did the same with a growing string,
 * whose concatenation cost about 1 µs a line (a measurable share of a request); a copy into a buffer
 * costs a tenth of that.
 */
export function asyncFd(fd: number): LogDestination {
  const spare: Buffer[] = [];
  const queue: { bytes: Buffer; length: number }[] = [];
  let current: Buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  let pending = 0;
  let writing = false;
  let broken = false;
  let timer: NodeJS.Timeout | undefined;
  let drained: (() => void)[] = [];

  const seal = () => {
    if (used === 0) return;
    queue.push({ bytes: current, length: used });
    current = spare.pop() ?? Buffer.allocUnsafe(BUFFER_BYTES);
    used = 0;
  };
  const settle = () => {
    if (queue.length > 0 || writing || used > 0) return;
    const waiting = drained;
    drained = [];
    for (const resolve of waiting) resolve();
  };
  const writeNext = (offset = 0) => {
    if (queue.length === 0 && used >= BATCH_BYTES) seal();
    const head = queue[0];
    if (head === undefined || broken) {
      writing = false;
      if (broken) {
        queue.length = 0;
        used = 0;
        pending = 0;
      }
      settle();
      return;
    }
    writing = true;
    writeFd(fd, head.bytes, offset, head.length - offset, null, (error, written) => {
      if (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          setTimeout(() => writeNext(offset), RETRY_MS).unref();
          return;
        }
        // The reader is gone (EPIPE, a closed descriptor): nothing can be written any more.
        broken = true;
      } else if (offset + written < head.length) {
        writeNext(offset + written);
        return;
      } else {
        queue.shift();
        pending -= head.length;
        if (head.bytes.length === BUFFER_BYTES) spare.push(head.bytes);
      }
      writeNext();
    });
  };
  const flushNow = () => {
    clearTimeout(timer);
    timer = undefined;
    seal();
    if (!writing) writeNext();
  };

  return {
    write(line) {
      if (broken) return;
      // At most 3 bytes per UTF-16 unit: whether the line fits is known without measuring it.
      const most = line.length * 3;
      if (pending + most > MAX_PENDING_BYTES) return;
      if (used + most > current.length) {
        seal();
        if (most > current.length) current = Buffer.allocUnsafe(most);
      }
      const length = current.write(line, used);
      used += length;
      pending += length;
      if (used >= BATCH_BYTES && !writing) flushNow();
      // Not keeping the process alive: close() flushes what is left.
      else timer ??= setTimeout(flushNow, FLUSH_INTERVAL_MS).unref();
    },
    flush() {
      return new Promise((resolve) => {
        drained.push(resolve);
        flushNow();
        settle();
      });
    },
  };
}
