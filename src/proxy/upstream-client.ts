import { readFile } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import type { Pool } from 'undici';
import { MockConfigError } from '../config-error.js';
import type { Upstream } from './upstream-target.js';

/** Longest wait for the start-up check that the upstream accepts connections. */
const PROBE_MS = 5_000;

/**
 * The keep-alive connection pool to the one upstream origin (undici; HTTP/1.1 and HTTPS, a private CA
 * from `--proxy-ca`). The origin is fixed here, so no request can make the proxy dial another.
 */
export async function createUpstreamPool(upstream: Upstream, caFile: string | undefined, timeoutMs: number): Promise<Pool> {
  let ca: string | undefined;
  if (caFile !== undefined) {
    try {
      ca = await readFile(caFile, 'utf8');
    } catch (error) {
      throw new MockConfigError(`cannot read --proxy-ca file ${caFile}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) throw new MockConfigError(`--proxy-ca file ${caFile} holds no PEM certificate`);
  }
  // Loaded here, by a server that proxies, rather than by every server's start-up.
  const { Pool } = await import('undici');
  return new Pool(upstream.origin, {
    connect: { timeout: Math.min(timeoutMs, 10_000), ...(ca === undefined ? {} : { ca }) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  });
}

/** Whether the upstream accepts a TCP connection now: undefined when it does, else why not (`ECONNREFUSED`). */
export function probeUpstream(upstream: Upstream, timeoutMs: number): Promise<string | undefined> {
  const url = new URL(upstream.origin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port });
    const done = (reason: string | undefined) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(Math.min(timeoutMs, PROBE_MS), () => done(`no connection within ${Math.min(timeoutMs, PROBE_MS)} ms`));
    socket.once('connect', () => done(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

/** The catalogue's answer to a failed upstream request: a timeout is 504, anything else 502. */
export function failureOf(error: unknown): { readonly timeout: boolean; readonly reason: string } {
  const code = (error as { code?: string } | null)?.code ?? '';
  const timeout =
    /TIMEOUT/.test(code) || (error as Error | null)?.name === 'AbortError' || (error as Error | null)?.name === 'TimeoutError';
  const reason = code !== '' ? code : error instanceof Error ? error.name : 'failed';
  return { timeout, reason };
}
