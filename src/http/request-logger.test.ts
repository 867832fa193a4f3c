import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './request-logger.js';

function rootLogger() {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
  return { log: app.log, lines };
}

describe('lazyChildLogger', () => {
  it('binds the request id to whatever a request logs, like a pino child', () => {
    const { log, lines } = rootLogger();
    const child = lazyChildLogger.call(undefined, log, { reqId: 'req-7' }, {});
    child.warn({ detail: 1 }, 'slow client');
    child.debug('below the level');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'req-7', level: 40, detail: 1, msg: 'slow client' })]);
    expect(child.level).toBe('info');
  });

  it('makes no pino child for a request that logs nothing', () => {
    const { log } = rootLogger();
    let made = 0;
    const child = (...args: Parameters<typeof log.child>) => {
      made++;
      return log.child(...args);
    };
    const counting = Object.create(log, { child: { value: child } });
    lazyChildLogger.call(undefined, counting, { reqId: 'req-8' }, {});
    expect(made).toBe(0);
    lazyChildLogger.call(undefined, counting, { reqId: 'req-9' }, {}).info('now');
    expect(made).toBe(1);
  });
});
