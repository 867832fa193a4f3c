import { write as writeFd, writeSync } from 'node:fs';

/** Under load, lines are written in batches of at least this many bytes... */
const BATCH_BYTES = 8 * 1024;
/** ...and at idle, within this many milliseconds. */
const FLUSH_INTERVAL_MS = 100;
/** Each batch buffer's size; a longer line gets a buffer of its own. */
const BUFFER_BYTES = 64 * 1024;
/** Buffers kept for reuse once written: enough for steady load, not a burst's worth. */
const SPARE_BUFFERS = 2;
/** Past this much memory held for unwritten lines (a reader that stopped reading), new lines are dropped. */
const MAX_HELD_BYTES = 16 * 1024 * 1024;
/** A reader that is not ready (EAGAIN on a non-blocking pipe, EBUSY) is tried again after this long. */
const RETRY_MS = 10;
/** flush() gives up on a reader that takes longer than this, so that closing never hangs on one. */
const FLUSH_TIMEOUT_MS = 2000;
/** At exit, how often a reader that is not ready is tried again before the rest is given up. */
const EXIT_RETRIES = 1000;

export interface LogDestination {
  write(line: string): unknown;
  /** Writes out what is still buffered; resolves when it is written, cannot be, or FLUSH_TIMEOUT_MS passed. */
  flush(): Promise<void>;
  /** Bytes of memory held for lines not written yet (the current buffer included). */
  readonly heldBytes: number;
}

/**
 * A file descriptor (standard output) for the request log, written asynchronously and in batches.
 * pino's default writes each line with a blocking write(2): one system call per request, and a slow
 * reader (a full pipe) stalls every request. Here lines are copied into a preallocated buffer and
 * written through libuv's thread pool once BATCH_BYTES gathered (about 80 lines) or FLUSH_INTERVAL_MS
 * passed, so a slow reader never blocks a request, and one that stopped reading costs at most
 * MAX_HELD_BYTES. sonic-boom did the same with a growing string, whose concatenation cost about 1 µs a
 * line (a measurable share of a request); a copy into a buffer costs a tenth of that.
 */
export function asyncFd(fd: number): LogDestination {
  const spare: Buffer[] = [];
  /** Full buffers waiting to be written, oldest first, and the memory they hold. */
  const queue: { bytes: Buffer; length: number }[] = [];
  let queuedBytes = 0;
  let current: Buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  let writing = false;
  let broken = false;
  /** The partly filled buffer is to go out as soon as the writer is free (the interval passed). */
  let tailDue = false;
  let timer: NodeJS.Timeout | undefined;
  let waiting: (() => void)[] = [];
  let giveUp: NodeJS.Timeout | undefined;

  const seal = () => {
    queue.push({ bytes: current, length: used });
    queuedBytes += current.length;
    current = spare.pop() ?? Buffer.allocUnsafe(BUFFER_BYTES);
    used = 0;
  };
  const settle = (force = false) => {
    if (!force && (queue.length > 0 || writing || used > 0)) return;
    clearTimeout(giveUp);
    giveUp = undefined;
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve();
  };
  const writeNext = (offset = 0): void => {
    if (broken) {
      queue.length = 0;
      queuedBytes = 0;
      used = 0;
    } else if (queue.length === 0 && used > 0 && (used >= BATCH_BYTES || tailDue || waiting.length > 0)) {
      tailDue = false;
      seal();
    }
    const head = queue[0];
    writing = head !== undefined;
    if (head === undefined) {
      settle();
      return;
    }
    writeFd(fd, head.bytes, offset, head.length - offset, null, (error, written) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === 'EAGAIN' || code === 'EBUSY') {
        // Not kept alive by the retry: a flush() waiting keeps the process up while there is a reader.
        setTimeout(() => writeNext(offset), RETRY_MS).unref();
        return;
      }
      // Any other error: the reader is gone (EPIPE, a closed descriptor); nothing can be written any more.
      if (error) broken = true;
      else if (offset + written < head.length) return writeNext(offset + written);
      else {
        queue.shift();
        queuedBytes -= head.bytes.length;
        if (head.bytes.length === BUFFER_BYTES && spare.length < SPARE_BUFFERS) spare.push(head.bytes);
      }
      writeNext();
    });
  };
  /**
   * When the process exits without closing the server (an uncaught exception, process.exit), what is
   * buffered is written at once, synchronously: the lines of the last 100 ms are what tells why it
   * stopped. A batch whose write is in flight is left to it.
   */
  const writeOutAtExit = () => {
    if (broken) return;
    for (const { bytes, length } of writing ? queue.slice(1) : queue) if (!writeAllSync(fd, bytes, length)) return;
    if (used > 0) writeAllSync(fd, current, used);
    queue.length = 0;
    used = 0;
  };
  writeAtExit(writeOutAtExit);
  const flushSoon = () => {
    timer = undefined;
    tailDue = true;
    if (!writing) writeNext();
  };

  return {
    write(line) {
      if (broken) return;
      // At most 3 bytes per UTF-16 unit: whether the line fits is known without measuring it.
      const most = line.length * 3;
      if (used + most > current.length) {
        if (queuedBytes + current.length + Math.max(most, BUFFER_BYTES) > MAX_HELD_BYTES) return;
        if (used > 0) seal();
        if (most > current.length) {
          if (current.length === BUFFER_BYTES && spare.length < SPARE_BUFFERS) spare.push(current);
          current = Buffer.allocUnsafe(most);
        }
      }
      used += current.write(line, used);
      if (used >= BATCH_BYTES && !writing) writeNext();
      // Not keeping the process alive: close() flushes what is left.
      else timer ??= setTimeout(flushSoon, FLUSH_INTERVAL_MS).unref();
    },
    flush() {
      // Flushed on close: from now on the server writes no more lines, and the exit needs no hook.
      AT_EXIT.delete(writeOutAtExit);
      return new Promise((resolve) => {
        waiting.push(resolve);
        clearTimeout(timer);
        timer = undefined;
        giveUp ??= setTimeout(() => settle(true), FLUSH_TIMEOUT_MS);
        if (!writing) writeNext();
      });
    },
    get heldBytes() {
      return queuedBytes + current.length;
    },
  };
}

/** What the destinations of this process write at its exit; one listener for all of them. */
const AT_EXIT = new Set<() => void>();

function writeAtExit(writer: () => void): void {
  if (AT_EXIT.size === 0 && !process.listeners('exit').includes(writeAllAtExit)) process.on('exit', writeAllAtExit);
  AT_EXIT.add(writer);
}

function writeAllAtExit(): void {
  for (const writer of AT_EXIT) writer();
}

/** Writes the bytes synchronously; false when the reader is gone or stays not ready (then the rest is dropped). */
function writeAllSync(fd: number, bytes: Buffer, length: number): boolean {
  let offset = 0;
  for (let tries = 0; offset < length && tries < EXIT_RETRIES; ) {
    try {
      offset += writeSync(fd, bytes, offset, length - offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBUSY') return false;
      tries++;
    }
  }
  return offset >= length;
}
