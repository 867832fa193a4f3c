import type { Dispatcher } from 'undici';
import { ADDRESS_REFUSED } from './checked-lookup.js';

/** Sends one outbound request and reads the answer, bounded in time and bytes, never following a redirect. */

export interface Delivered {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The answer's text, its first `bodyLimit` bytes. */
  readonly body: string;
  readonly truncated: boolean;
}

export type DeliveryFailure = { readonly failure: 'timeout' | 'failed' | 'cancelled' | 'refused'; readonly message: string };

export interface DeliverOptions {
  readonly timeoutMs: number;
  readonly bodyLimit: number;
  /** Aborts the request when the server closes. */
  readonly signal: AbortSignal;
  /** The connection pool, whose lookup checks where a host name resolves (checked-lookup.ts). */
  readonly dispatcher: Dispatcher;
}

export async function deliver(
  url: URL,
  request: { readonly method: string; readonly headers: Readonly<Record<string, string>>; readonly body: string | undefined },
  options: DeliverOptions,
): Promise<Delivered | DeliveryFailure> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
  const signal = AbortSignal.any([timeout.signal, options.signal]);
  try {
    const { fetch } = await import('undici');
    // redirect 'manual': a 3xx is the consumer's answer; following it could reach a host nobody allowed.
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal,
      dispatcher: options.dispatcher,
    });
    const { text, truncated } = await readLimited(response, options.bodyLimit);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: text, truncated };
  } catch (error) {
    if (options.signal.aborted) return { failure: 'cancelled', message: 'the server closed before the consumer answered' };
    if (timeout.signal.aborted) return { failure: 'timeout', message: `no answer within ${options.timeoutMs} ms` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === ADDRESS_REFUSED) return { failure: 'refused', message: cause.message ?? ADDRESS_REFUSED };
    return { failure: 'failed', message: cause?.code ?? cause?.message ?? (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

async function readLimited(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
    chunks.push(value);
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return { text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), truncated: true };
    }
  }
}
