import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

/**
 * Fastify binds a pino child logger to every request, up front. Most requests never log anything but
 * their access line, so each gets a stand-in that makes the child on first use (an error, a fault).
 */
export function lazyChildLogger(this: unknown, logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
  return new LazyChild(logger, bindings, options);
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LogMethod = (...args: unknown[]) => void;

class LazyChild {
  declare fatal: LogMethod;
  declare error: LogMethod;
  declare warn: LogMethod;
  declare info: LogMethod;
  declare debug: LogMethod;
  declare trace: LogMethod;
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  static {
    // One method per level on the prototype, so a request's stand-in is one small object.
    for (const level of LEVELS) {
      LazyChild.prototype[level] = function (this: LazyChild, ...args: unknown[]) {
        (this.#real()[level] as LogMethod)(...args);
      };
    }
  }

  get level(): string {
    return this.#parent.level;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  silent(): void {}
}

/**
 * The one line per request: method, path, status, time and what answered, written by the server's
 * logger with the request id beside it (the same line a request's child logger would write).
 */
export function logAccess(logger: FastifyBaseLogger, request: FastifyRequest, reply: FastifyReply, path: string, source: string): void {
  if (!(logger as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }).isLevelEnabled('info')) return;
  const line = `${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`;
  logger.info({ reqId: request.id }, source === '' ? line : `${line} ${source}`);
}
