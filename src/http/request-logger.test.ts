import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../options.js';
import { describeProvenance, type Provenance } from '../provenance.js';
import { answerLog, createLogger, oneDecimal, pathOf } from './request-logger.js';

function capture(logLevel: 'info' | 'warn') {
  const texts: string[] = [];
  const stream = { write: (line: string) => texts.push(line) };
  const log = createLogger(resolveOptions({ logLevel }), stream);
  return { log, logAnswer: answerLog(log, stream), texts, lines: () => texts.map((line) => JSON.parse(line)) };
}
const request = (exchange?: object) => ({ id: 'req-7', method: 'POST', url: '/plants?x=1', exchange }) as unknown as FastifyRequest;

describe('the answer log line', () => {
  it('says method, path, status, time and what answered, with the request id', () => {
    const { logAnswer, lines } = capture('info');
    logAnswer(request({ path: '/plants', answer: { provenance: { kind: 'echo' } } }), 200, 1.234);
    logAnswer(request(), 404, 1.234);
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-7', msg: 'POST /plants 200 1.2ms echo' }),
      expect.objectContaining({ level: 30, reqId: 'req-7', msg: 'POST /plants 404 1.2ms' }),
    ]);
  });

  it('is the line pino writes for the same message, key for key and in the same order', () => {
    const { log, logAnswer, texts } = capture('info');
    const provenance: Provenance = { kind: 'scenario', name: 'ünïcode \u2028 "x"', rule: 1, usesState: false };
    const exchange = { path: '/plants/"quoted"\\', answer: { provenance } };
    logAnswer(request(exchange), 200, 1.234);
    log.info({ reqId: 'req-7' }, `POST ${exchange.path} 200 1.2ms ${describeProvenance(provenance)}`);
    const withoutTime = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');
    expect(texts).toHaveLength(2);
    expect(withoutTime(texts[0])).toBe(withoutTime(texts[1]));
  });

  it('escapes what JSON escapes, and only that', () => {
    const { logAnswer, texts } = capture('info');
    const paths = ['/plain', '/tab\there', '/quote"', '/back\\slash', '/lone\ud800', '/pair\ud83c\udf31', '/\u007f\u2028é'];
    for (const path of paths) logAnswer(request({ path }), 200, 1);
    expect(texts.map((line) => line.slice(line.indexOf('"msg":') + 6, -2))).toEqual(
      paths.map((path) => JSON.stringify(`POST ${path} 200 1.0ms`)),
    );
  });

  it('writes the time as toFixed(1) does', () => {
    const times = [0, 0.04, 0.05, 0.15, 0.25, 0.96, 1, 1.234, 1.45, 2.675, 9.95, 12.5, 99.99, 1234.56, 0.123456789, 1e16];
    for (let i = 0; i < 5000; i++) times.push(i * 0.0137 + i / 3, i / 20, Math.random() * 100);
    for (const ms of times) expect(oneDecimal(ms)).toBe(ms.toFixed(1));
  });

  it('says what a fault did instead of a status', () => {
    const { logAnswer, lines } = capture('info');
    const provenance: Provenance = { kind: 'scenario', name: 'flaky', rule: 1, usesState: false, fault: 'reset' };
    logAnswer(request({ path: '/plants', answer: { provenance } }), 0, 1.234);
    expect(lines()[0]?.msg).toBe('POST /plants scenario flaky rule 1 fault=reset');
  });

  it('writes nothing below its level', () => {
    const { logAnswer, texts } = capture('warn');
    logAnswer(request(), 200, 1.234);
    expect(texts).toEqual([]);
  });

  it('takes the path without its query string', () => {
    expect(pathOf('/plants?x=1')).toBe('/plants');
    expect(pathOf('/plants')).toBe('/plants');
  });
});
