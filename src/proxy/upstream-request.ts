import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** One request to the upstream, as undici's dispatcher takes it. */
export interface UpstreamRequest {
  readonly method: string;
  /** Path and query. */
  readonly path: string;
  /** Name, value, name, value, ... */
  readonly headers: string[];
  readonly body: Buffer | undefined;
}

/** The upstream's answer: status, headers and the body held up to the limit. */
export interface UpstreamReply {
  readonly status: number;
  /** Lower-case names; a field the upstream repeated is a list. */
  readonly headers: IncomingHttpHeaders;
  /** The body's first chunks: all of it unless `rest` is set. */
  readonly chunks: readonly Buffer[];
  readonly bytes: number;
  /**
   * What follows once the body outgrew the limit, read at the consumer's pace (the upstream is paused
   * while it is not read); destroying it aborts the upstream request.
   */
  readonly rest: Readable | undefined;
}

/** No answer, or no whole body up to the limit, within the time allowed. */
export class UpstreamTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly code = 'PROXY_TIMEOUT';
}

/** The client left before the upstream's answer was held: the upstream request was aborted. */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
  readonly code = 'CLIENT_GONE';
}

/** Calls its listener once when the client leaves; returns what stops listening (see ProxiedClient). */
export type WhenGone = (listener: () => void) => () => void;

/**
 * Sends one request over undici's dispatcher with a handler that collects the answer's chunks itself
 * (no Readable, async iterator or AbortSignal per request, as `request()` makes): resolves once the
 * body is whole, or, past `limit` bytes, with what follows as a stream. Rejects on a failed request,
 * when the body is not held within `timeoutMs` (the stream that follows is bounded by the pool's body
 * timeout between chunks), or with ClientGoneError when `whenGone` tells that the client left first:
 * the upstream request is then aborted, its connection closed, not left running until the timeout.
 */
export function requestUpstream(
  dispatcher: Dispatcher,
  request: UpstreamRequest,
  limit: number,
  timeoutMs: number,
  whenGone?: WhenGone,
): Promise<UpstreamReply> {
  return new Promise((resolve, reject) => {
    const handler = new HoldingHandler(limit, resolve, reject);
    handler.timer = setTimeout(() => handler.stop(new UpstreamTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    if (whenGone !== undefined) {
      handler.unwatch = whenGone(() => handler.stop(new ClientGoneError('the client left before the upstream answered')));
      // Gone already: nothing is sent.
      if (handler.stopped) return;
    }
    dispatcher.dispatch(
      { method: request.method as Dispatcher.HttpMethod, path: request.path, headers: request.headers, body: request.body ?? null },
      handler,
    );
  });
}

class HoldingHandler implements Dispatcher.DispatchHandler {
  timer: NodeJS.Timeout | undefined;
  unwatch: (() => void) | undefined;
  #controller: Dispatcher.DispatchController | undefined;
  /** Why the request was given up (a timeout, the client gone), once it was. */
  #stopped: Error | undefined;
  #status = 0;
  #headers: IncomingHttpHeaders = {};
  #chunks: Buffer[] = [];
  #bytes = 0;
  #rest: Readable | undefined;
  #settled = false;
  /** The upstream finished the answer, whole or failed: nothing is left to abort. */
  #finished = false;
  readonly #limit: number;
  readonly #resolve: (reply: UpstreamReply) => void;
  readonly #reject: (error: Error) => void;

  constructor(limit: number, resolve: (reply: UpstreamReply) => void, reject: (error: Error) => void) {
    this.#limit = limit;
    this.#resolve = resolve;
    this.#reject = reject;
  }

  get stopped(): boolean {
    return this.#stopped !== undefined;
  }

  /** Gives the request up before its answer is held: the caller gets `error`, the upstream an abort. */
  stop(error: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#stopped = error;
    this.#release();
    this.#reject(error);
    // A request still waiting for a connection is aborted when it gets one.
    this.#controller?.abort(error);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#stopped !== undefined) controller.abort(this.#stopped);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders): void {
    // Informational answers (100 Continue, 103 Early Hints) come before the final one.
    if (status < 200) return;
    this.#status = status;
    this.#headers = headers;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#rest !== undefined) {
      if (!this.#rest.push(chunk)) controller.pause();
      return;
    }
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    if (this.#bytes > this.#limit) this.#streamOn(controller);
  }

  onResponseEnd(): void {
    this.#finished = true;
    if (this.#rest !== undefined) this.#rest.push(null);
    else this.#settle();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#finished = true;
    if (this.#rest !== undefined) {
      this.#rest.destroy(error);
      return;
    }
    if (this.#settled) return;
    this.#settled = true;
    this.#release();
    this.#reject(error);
  }

  /** The body outgrew the limit: the caller gets what was held and a stream of the rest. */
  #streamOn(controller: Dispatcher.DispatchController): void {
    controller.pause();
    this.#rest = new Readable({
      read: () => controller.resume(),
      destroy: (error, done) => {
        if (!this.#finished) controller.abort(error ?? new Error('the stream was left before its end'));
        done(error);
      },
    });
    // The upstream may fail (the pool destroyed on close, a reset) before anyone reads the rest, or after
    // its reader left: an `error` with no listener would end the process. A reader still gets it.
    this.#rest.on('error', ignore);
    this.#settle();
  }

  /** The timer and the watch on the client end with the wait for the answer (a client leaving later ends the stream). */
  #release(): void {
    clearTimeout(this.timer);
    this.unwatch?.();
    this.unwatch = undefined;
  }

  #settle(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#release();
    this.#resolve({ status: this.#status, headers: this.#headers, chunks: this.#chunks, bytes: this.#bytes, rest: this.#rest });
  }
}

function ignore(): void {}
