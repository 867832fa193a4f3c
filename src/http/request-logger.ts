import { hostname } from 'node:os';
import type { FastifyRequest } from 'fastify';
import { type Logger, pino } from 'pino';
import type { ResolvedOptions } from '../options.js';
import { describeProvenance } from '../provenance.js';

export type { Logger } from 'pino';

type LogStream = { write(line: string): unknown };

/**
 * The server's own logger. Fastify's logger is off: with one, Fastify binds a child logger to every
 * request and runs its logging machinery around it, a measurable share of a request, while the mock
 * logs one line per request and the odd error. Lines have the shape Fastify's would (pino JSON, the
 * request id as `reqId`).
 */
export function createLogger(options: ResolvedOptions, stream: LogStream | undefined): Logger {
  return stream === undefined ? pino({ level: options.logLevel }) : pino({ level: options.logLevel }, stream);
}

/** Writes the log line of one answered request (see answerLog). */
export type AnswerLog = (request: FastifyRequest, status: number, elapsed: number) => void;

/**
 * The one line per answered request: method, path, status, time and what answered; for a request a
 * scenario's fault left without an answer (`status` 0), what happened instead. The line is pino's
 * (`{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"msg":…}`, what `logger.info({reqId}, msg)`
 * writes) but put together here and handed to the stream: pino's own call, with its serialisers,
 * hooks and per-key checks, cost several times the line itself on every request. A stream-less
 * logger (pino's own standard output) or a level above info logs no answers.
 */
export function answerLog(logger: Logger, stream: LogStream | undefined): AnswerLog {
  if (stream === undefined || !logger.isLevelEnabled('info')) return () => {};
  const head = `{"level":${logger.levels.values.info},"time":`;
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  return (request, status, elapsed) => {
    const exchange = request.exchange;
    const path = exchange?.path ?? pathOf(request.url);
    const source = describeProvenance(exchange?.answer?.provenance);
    const tail = status === 0 ? '' : ` ${status} ${oneDecimal(elapsed)}ms`;
    // Only the path and the description can hold what JSON escapes (the method is an HTTP token, the
    // id Fastify's): tested apart, as the flat strings they are; the usual line is one template, with
    // no intermediate strings.
    if (ESCAPED.test(path) || ESCAPED.test(source)) {
      const message = `${request.method} ${path}${tail}${source === '' ? '' : ` ${source}`}`;
      stream.write(`${head}${Date.now()}${base}${jsonString(request.id)},"msg":${JSON.stringify(message)}}\n`);
    } else if (source === '')
      stream.write(`${head}${Date.now()}${base}${jsonString(request.id)},"msg":"${request.method} ${path}${tail}"}\n`);
    else stream.write(`${head}${Date.now()}${base}${jsonString(request.id)},"msg":"${request.method} ${path}${tail} ${source}"}\n`);
  };
}

/** What JSON.stringify escapes in a string: quotes, backslashes, control characters, surrogates (lone ones). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON.stringify writes it; the usual one needs no escape, and the engine's call costs more than the test. */
function jsonString(text: string): string {
  return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * `ms.toFixed(1)` for a duration, without the engine's call (a measurable share of the line). Near a
 * tie between two tenths, where the binary value decides which way toFixed rounds, it is asked.
 */
export function oneDecimal(ms: number): string {
  const scaled = ms * 10;
  const tenths = Math.round(scaled);
  if (!(scaled >= 0 && scaled < 1e15) || Math.abs(tenths - scaled - 0.5) < 1e-6 || Math.abs(scaled - tenths - 0.5) < 1e-6)
    return ms.toFixed(1);
  const whole = Math.floor(tenths / 10);
  return `${whole}.${tenths - whole * 10}`;
}

/** Milliseconds since the request reached the app; 0 for one rejected before it did (a malformed URL). */
export function elapsedMs(request: FastifyRequest): number {
  const started = request.startedAt;
  return started ? performance.now() - started : 0;
}

/** The path of a request URL, without its query string. */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}
