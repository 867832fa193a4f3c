/** Opens many connections at once, each asking for the health document, and tallies what came back. */
import net from 'node:net';

export interface BurstTally {
  ok: number;
  /** Closed or reset without an answer: refused beyond --max-connections, or the listen backlog overflowed. */
  dropped: number;
  /** 408 REQUEST_TIMEOUT: accepted, but too busy to read the request within --headers-timeout. */
  timedOut: number;
  /** Any other answer: a bug. */
  other: string[];
  elapsedMs: number;
}

export async function burst(port: number, connections: number, timeoutMs = 20_000): Promise<BurstTally> {
  const started = Date.now();
  const tally: BurstTally = { ok: 0, dropped: 0, timedOut: 0, other: [], elapsedMs: 0 };
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          let text = '';
          let counted = false;
          const done = () => {
            // Called by the close event and by the timer, whose destroy() closes too: count once.
            if (counted) return;
            counted = true;
            clearTimeout(timer);
            socket.destroy();
            const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
            if (status === '200') tally.ok++;
            else if (status === undefined) tally.dropped++;
            else if (status === '408' && text.includes('x-mock-error: REQUEST_TIMEOUT')) tally.timedOut++;
            else tally.other.push(text.slice(0, 200));
            resolve();
          };
          const timer = setTimeout(done, timeoutMs);
          socket.on('connect', () => socket.write('GET /__mock/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
          socket.on('data', (data) => {
            text += data;
          });
          socket.on('error', () => {});
          socket.on('close', done);
        }),
    ),
  );
  tally.elapsedMs = Date.now() - started;
  return tally;
}
