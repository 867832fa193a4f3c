/** Raw HTTP/1.1 over a socket to 127.0.0.1, for what inject() cannot do: broken framing, slow clients. */
import net from 'node:net';

export interface RawExchange {
  /** Everything the server sent before it closed the connection (or the wait ran out). */
  readonly text: string;
  readonly status: number | undefined;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Whether the server closed the connection within the wait. */
  readonly closed: boolean;
  readonly elapsedMs: number;
}

/**
 * Writes `chunks` (with `gapMs` between them), then collects the answer until close or `waitMs`; with
 * `untilAnswered`, also stops once one complete response (by its Content-Length) has arrived.
 */
export function rawRequest(
  port: number,
  chunks: readonly (string | Buffer)[],
  { gapMs = 0, waitMs = 3000, untilAnswered = false } = {},
): Promise<RawExchange> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(received), closed, Date.now() - started));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (data) => {
      received.push(data);
      if (untilAnswered && isComplete(Buffer.concat(received))) finish();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      finish();
    });
    let index = 0;
    const writeNext = () => {
      if (index >= chunks.length || socket.destroyed) return;
      socket.write(chunks[index++] as string | Buffer);
      if (gapMs > 0) setTimeout(writeNext, gapMs);
      else writeNext();
    };
    socket.on('connect', writeNext);
  });
}

function parse(bytes: Buffer, closed: boolean, elapsedMs: number): RawExchange {
  const text = bytes.toString('utf8');
  const end = bytes.indexOf('\r\n\r\n');
  const head = (end === -1 ? bytes : bytes.subarray(0, end)).toString('latin1');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  // Only the first response's body (Content-Length counts bytes): a pipelined or garbage remainder may get an answer of its own.
  const length = headers['content-length'] === undefined ? undefined : end + 4 + Number(headers['content-length']);
  const body = end === -1 ? '' : bytes.subarray(end + 4, length).toString('utf8');
  return { text, status: status ? Number(status) : undefined, headers, body, closed, elapsedMs };
}

function isComplete(bytes: Buffer): boolean {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(bytes.subarray(0, end).toString('latin1'))?.[1];
  return length !== undefined && bytes.length - end - 4 >= Number(length);
}
