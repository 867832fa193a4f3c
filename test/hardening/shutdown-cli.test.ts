import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startCli } from '../support/cli.js';

/** An open keep-alive connection that has had one answer and now idles. */
async function idleKeepAlive(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await new Promise((resolve) => socket.once('data', resolve));
  return socket;
}

interface UnderWay {
  /** Writes the chunks, `gapMs` apart. */
  send(chunks: readonly string[], gapMs?: number): void;
  /** The final answer (after the `100 Continue`), once complete, closed, or after `waitMs`. */
  answer(waitMs: number): Promise<{ status: number | undefined; body: string; closed: boolean }>;
}

/**
 * A request the server is surely handling: its head asks `Expect: 100-continue`, and the server's
 * `100 Continue` says it has read the head. A fixed wait instead lets a starved server (2 cores shared
 * by the whole suite) take the signal before the request, which it then rightly never serves.
 */
async function underWay(port: number, head: string): Promise<UnderWay> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let received = '';
  let closed = false;
  const changed = new Set<() => void>();
  socket.on('data', (data) => {
    received += data;
    for (const notify of changed) notify();
  });
  socket.on('close', () => {
    closed = true;
    for (const notify of changed) notify();
  });
  const until = (done: () => boolean, waitMs: number) =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        changed.delete(check);
        resolve();
      };
      const check = () => {
        if (done() || closed) finish();
      };
      const timer = setTimeout(finish, waitMs);
      changed.add(check);
      check();
    });
  socket.on('connect', () => socket.write(head.replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n')));
  await until(() => /^HTTP\/1\.1 100 [^\r]*\r\n\r\n/.test(received), 30_000);
  if (!/^HTTP\/1\.1 100 /.test(received)) throw new Error(`no 100 Continue: ${JSON.stringify(received)}`);
  const final = () => received.replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, '');
  const complete = () => {
    const [head = '', body] = final().split('\r\n\r\n', 2);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    return body !== undefined && length !== undefined && Buffer.byteLength(body) >= Number(length);
  };
  return {
    send(chunks, gapMs = 0) {
      for (const [index, chunk] of chunks.entries()) setTimeout(() => socket.destroyed || socket.write(chunk), index * gapMs);
    },
    async answer(waitMs) {
      await until(complete, waitMs);
      const text = final();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      const body = text.includes('\r\n\r\n') ? text.slice(text.indexOf('\r\n\r\n') + 4) : '';
      const result = { status: status === undefined ? undefined : Number(status), body, closed };
      socket.destroy();
      return result;
    },
  };
}

const POST = 'POST /plants HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\n';
/** Far beyond what the in-flight request needs on a loaded machine: only something holding the exit reaches it. */
const DEADLINE_MS = 30_000;

describe.each(['SIGTERM', 'SIGINT'] as const)('graceful shutdown on %s', (signal) => {
  it('finishes the request in flight and exits 0 at once, idle keep-alive connections open', { timeout: 90_000 }, async () => {
    const cli = await startCli(['--log-level', 'silent', '--shutdown-timeout', String(DEADLINE_MS)]);
    const port = Number(new URL(cli.url).port);
    const idle = [await idleKeepAlive(port), await idleKeepAlive(port)];
    const body = '{"id":7,"name":"In flight"}';
    // The request is under way when the signal comes; its body arrives after it.
    const inFlight = await underWay(port, `${POST}Content-Length: ${body.length}\r\n\r\n`);
    const signalledAt = Date.now();
    cli.child.kill(signal);
    inFlight.send([body.slice(0, 5), body.slice(5)], 300);
    const answer = await inFlight.answer(DEADLINE_MS);
    const exit = await cli.exited();
    const took = Date.now() - signalledAt;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ name: 'In flight' });
    expect(exit).toEqual({ code: 0, signal: null });
    // Idle connections holding the exit would keep it to the deadline.
    expect(took).toBeLessThan(DEADLINE_MS / 2);
    for (const socket of idle) socket.destroy();
  });
});

describe('shutdown deadline', () => {
  it('closes a request that never completes at --shutdown-timeout and still exits 0', { timeout: 90_000 }, async () => {
    const cli = await startCli(['--log-level', 'silent', '--shutdown-timeout', '300']);
    const port = Number(new URL(cli.url).port);
    const stuck = await underWay(port, `${POST}Content-Length: 100\r\n\r\n`);
    stuck.send(['{']);
    const signalledAt = Date.now();
    cli.child.kill('SIGTERM');
    // The client never gives up first: only the server's deadline can end the request in time.
    const closedBy = stuck.answer(60_000);
    const exit = await cli.exited();
    const took = Date.now() - signalledAt;
    expect(exit.code).toBe(0);
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(DEADLINE_MS / 2);
    expect((await closedBy).closed).toBe(true);
  });
});
