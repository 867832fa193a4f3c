import sonicBoom from 'sonic-boom';

/** Past this much unwritten log text (a reader that stopped reading), new lines are dropped, not buffered. */
const MAX_PENDING_LOG_BYTES = 16 * 1024 * 1024;

/**
 * Standard output for the request log, written asynchronously. pino's default writes each line with a
 * blocking write(2): one system call per request, and a slow reader (a full pipe) stalls every request.
 * Here lines written while a write is in flight are joined into the next one, so under load many lines
 * go out per call and idle lines still appear at once. Pending writes keep the process alive, so
 * nothing is lost on a normal exit.
 */
export function asyncStdout(): { write(line: string): unknown } {
  return new sonicBoom.SonicBoom({ fd: 1, sync: false, maxLength: MAX_PENDING_LOG_BYTES });
}
