/**
 * Latency of requests sent at a steady rate, each on its own schedule (one every 1000/rate ms over a
 * keep-alive pool). autocannon's rate limit sends each second's quota in a burst, so its p99 measures
 * the burst's queue (a bare Node server showed tens of milliseconds); this measures the server.
 */
import { Pool } from 'undici';
import { percentile } from './stats.js';

export interface PacedLatency {
  readonly p99: number;
  readonly p50: number;
  readonly count: number;
}

export async function pacedLatency(url: string, path: string, rate: number, seconds: number): Promise<PacedLatency> {
  const pool = new Pool(url, { connections: 10 });
  const latencies: number[] = [];
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  const send = () => {
    const at = performance.now();
    inFlight.push(
      pool.request({ path, method: 'GET' }).then(async (answer) => {
        await answer.body.text();
        latencies.push(performance.now() - at);
      }),
    );
  };
  try {
    await new Promise<void>((done) => {
      const tick = () => {
        const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
        while (sent < due) {
          sent++;
          send();
        }
        if (sent < total) setTimeout(tick, 1);
        else done();
      };
      tick();
    });
    await Promise.all(inFlight);
  } finally {
    await pool.close();
  }
  latencies.sort((a, b) => a - b);
  return { p99: percentile(latencies, 0.99), p50: percentile(latencies, 0.5), count: latencies.length };
}
