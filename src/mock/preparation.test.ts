import { describe, expect, it } from 'vitest';
import type { MockOperation } from '../openapi/operation.js';
import { Preparation } from './preparation.js';

const operations = Array.from({ length: 20 }, (_, i) => ({ id: `op${i}` }) as MockOperation);

/** Busy for `ms` milliseconds, as a large operation's compile is. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

describe('Preparation', () => {
  it('prepares every operation once, then finishes, and says so', async () => {
    const seen: string[] = [];
    let finished = 0;
    const preparation = new Preparation({
      operations,
      prepare: (o) => {
        seen.push(o.id);
        return [];
      },
      finish: () => finished++,
    });
    expect(preparation.readiness).toEqual({ ready: false, started: false, prepared: 0, operations: 20 });
    await Promise.all([preparation.run(), preparation.run()]);
    expect(seen).toEqual(operations.map((o) => o.id));
    expect(finished).toBe(1);
    expect(preparation.readiness).toEqual({ ready: true, started: true, prepared: 20, operations: 20 });
  });

  it('lets the event loop go between slices: a timer due meanwhile runs before the last operation', async () => {
    const order: string[] = [];
    const preparation = new Preparation({
      operations,
      prepare: (o) => {
        busy(5);
        order.push(o.id);
        return [];
      },
    });
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('timer')), 1));
    await Promise.all([preparation.run(), timer]);
    expect(order.indexOf('timer')).toBeGreaterThan(0);
    expect(order.indexOf('timer')).toBeLessThan(order.length - 1);
  });

  it('lets requests in between the steps of one large operation', async () => {
    const order: string[] = [];
    const preparation = new Preparation({
      operations: operations.slice(0, 1),
      *prepare() {
        for (let step = 0; step < 10; step++) {
          busy(5);
          order.push(`step${step}`);
          yield;
        }
      },
    });
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('timer')), 1));
    await Promise.all([preparation.run(), timer]);
    expect(order.indexOf('timer')).toBeGreaterThan(0);
    expect(order.indexOf('timer')).toBeLessThan(order.length - 1);
    expect(preparation.readiness).toEqual({ ready: true, started: true, prepared: 1, operations: 1 });
  });

  it('goes on past an operation that throws, and stops where it is when stopped', async () => {
    const preparation = new Preparation({
      operations,
      prepare: (o) => {
        busy(3);
        if (o.id === 'op1') throw new Error('unreadable');
        return [];
      },
    });
    const running = preparation.run();
    await new Promise((resolve) => setImmediate(resolve));
    preparation.stop();
    await running;
    const { ready, prepared } = preparation.readiness;
    expect(prepared).toBeGreaterThan(1);
    expect(prepared).toBeLessThan(20);
    expect(ready).toBe(false);
  });

  it('begins after the delay it is given, counted as started at once; stopped meanwhile, it prepares nothing', async () => {
    const seen: string[] = [];
    const work = { operations, prepare: (o: MockOperation) => (seen.push(o.id), []) };
    const later = new Preparation(work);
    const running = later.run(30);
    expect(later.readiness.started).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual([]);
    await running;
    expect(later.readiness.ready).toBe(true);
    const stopped = new Preparation(work);
    const waiting = stopped.run(30);
    stopped.stop();
    await waiting;
    expect(stopped.readiness.prepared).toBe(0);
  });
});
