import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../options.js';
import { createLogger, logAnswer, pathOf } from './request-logger.js';

function capture(logLevel: 'info' | 'warn') {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger(resolveOptions({ logLevel }), { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}
const request = (exchange?: object) => ({ id: 'req-7', method: 'POST', url: '/plants?x=1', exchange }) as unknown as FastifyRequest;

describe('the answer log line', () => {
  it('says method, path, status, time and what answered, with the request id', () => {
    const { log, lines } = capture('info');
    logAnswer(log, request({ path: '/plants', source: 'echo' }), 200, 1.234);
    logAnswer(log, request(), 404, 1.234);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-7', msg: 'POST /plants 200 1.2ms echo' }),
      expect.objectContaining({ level: 30, reqId: 'req-7', msg: 'POST /plants 404 1.2ms' }),
    ]);
  });

  it('says what a fault did instead of a status', () => {
    const { log, lines } = capture('info');
    logAnswer(log, request({ path: '/plants', source: 'scenario flaky: reset' }), 0, 1.234);
    expect(lines[0]?.msg).toBe('POST /plants scenario flaky: reset');
  });

  it('writes nothing below its level', () => {
    const { log, lines } = capture('warn');
    logAnswer(log, request(), 200, 1.234);
    expect(lines).toEqual([]);
  });

  it('takes the path without its query string', () => {
    expect(pathOf('/plants?x=1')).toBe('/plants');
    expect(pathOf('/plants')).toBe('/plants');
  });
});
