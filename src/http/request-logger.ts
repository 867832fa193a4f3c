import type { FastifyRequest } from 'fastify';
import { type Logger, pino } from 'pino';
import type { ResolvedOptions } from '../options.js';

export type { Logger } from 'pino';

/**
 * The server's own logger. Fastify's logger is off: with one, Fastify binds a child logger to every
 * request and runs its logging machinery around it, a measurable share of a request, while the mock
 * logs one line per request and the odd error. Lines have the shape Fastify's would (pino JSON, the
 * request id as `reqId`).
 */
export function createLogger(options: ResolvedOptions, stream: { write(line: string): unknown } | undefined): Logger {
  return stream === undefined ? pino({ level: options.logLevel }) : pino({ level: options.logLevel }, stream);
}

/**
 * The one line per answered request: method, path, status, time and what answered; for a request a
 * scenario's fault left without an answer (`status` 0), what happened instead.
 */
export function logAnswer(logger: Logger, request: FastifyRequest, status: number, elapsed: number): void {
  if (!logger.isLevelEnabled('info')) return;
  const exchange = request.exchange;
  const path = exchange?.path ?? pathOf(request.url);
  const source = exchange?.source ?? '';
  const line = status === 0 ? `${request.method} ${path}` : `${request.method} ${path} ${status} ${elapsed.toFixed(1)}ms`;
  logger.info({ reqId: request.id }, source === '' ? line : `${line} ${source}`);
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
