import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startCli } from '../support/cli.js';
import { rawRequest } from '../support/raw-http.js';

/** An open keep-alive connection that has had one answer and now idles. */
async function idleKeepAlive(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await new Promise((resolve) => socket.once('data', resolve));
  return socket;
}

describe.each(['SIGTERM', 'SIGINT'] as const)('graceful shutdown on %s', (signal) => {
  it('finishes the request in flight and exits 0 within 2 s, idle keep-alive connections open', async () => {
    const cli = await startCli(['--log-level', 'silent']);
    const port = Number(new URL(cli.url).port);
    const idle = [await idleKeepAlive(port), await idleKeepAlive(port)];
    const body = '{"id":7,"name":"In flight"}';
    const head = `POST /plants HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // The request is under way when the signal comes; its body arrives after it.
    const inFlight = rawRequest(port, [head, body.slice(0, 5), body.slice(5)], { gapMs: 300, waitMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const signalledAt = Date.now();
    cli.child.kill(signal);
    const answer = await inFlight;
    const exit = await cli.exited();
    const took = Date.now() - signalledAt;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ name: 'In flight' });
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(2000);
    for (const socket of idle) socket.destroy();
  });
});

describe('shutdown deadline', () => {
  it('closes a request that never completes at --shutdown-timeout and still exits 0', async () => {
    const cli = await startCli(['--log-level', 'silent', '--shutdown-timeout', '300']);
    const port = Number(new URL(cli.url).port);
    const head =
      'POST /plants HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{';
    const stuck = rawRequest(port, [head], { waitMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const signalledAt = Date.now();
    cli.child.kill('SIGTERM');
    const exit = await cli.exited();
    expect(exit.code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(2000);
    expect((await stuck).closed).toBe(true);
  });
});
