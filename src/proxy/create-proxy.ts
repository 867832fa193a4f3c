import type { Pool } from 'undici';
import { MockConfigError } from '../config-error.js';
import type { ResolvedOptions } from '../options.js';
import type { Effects, Exchange, Rejection, Responder } from '../pipeline/types.js';
import type { FallbackReason } from '../provenance.js';
import { andThen, type SessionStore } from '../sessions/session-store.js';
import { type ForwardSettings, forward } from './proxy-responder.js';
import { proxyForwards } from './proxy-switch.js';
import { createUpstreamPool, probeUpstream } from './upstream-client.js';
import { parseUpstream, type Upstream } from './upstream-target.js';

/** The proxy of one server (`--proxy`): what answers from the real service (the switch is the session store's). */
export interface MockProxy {
  readonly upstream: Upstream;
  /**
   * Asked after the scenarios: forwards the request, or leaves it to the mock (switched off, fallback).
   * Also offered the requests the contract rejects, forwarded with their violations reported (unless
   * `--proxy-validate-request reject`).
   */
  readonly responder: Responder;
  close(): Promise<void>;
}

interface Warn {
  warn(message: string): void;
}

const FALLBACKS: Readonly<Record<ResolvedOptions['proxyFallback'], readonly FallbackReason[]>> = {
  off: [],
  unavailable: ['unavailable'],
  missing: ['missing'],
  both: ['unavailable', 'missing'],
};

/**
 * The proxy when `--proxy` is given, else undefined. Checks at start that the upstream accepts
 * connections: an unreachable one stops start-up, or with a fallback for it, is a warning.
 */
export async function createProxy(options: ResolvedOptions, sessions: SessionStore, log: Warn): Promise<MockProxy | undefined> {
  if (options.proxy === undefined) return undefined;
  const upstream = parseUpstream(options.proxy);
  const fallback = new Set(FALLBACKS[options.proxyFallback]);
  const unreachable = await probeUpstream(upstream, options.proxyTimeout);
  if (unreachable !== undefined) {
    const message = `the --proxy service at ${upstream.origin} is unreachable (${unreachable})`;
    if (!fallback.has('unavailable')) throw new MockConfigError(`${message}; start it first, or add --proxy-fallback unavailable`);
    log.warn(`${message}; the mock answers until it is up (--proxy-fallback)`);
  }
  const pool: Pool = await createUpstreamPool(upstream, options.proxyCa, options.proxyTimeout);
  const settings: ForwardSettings = {
    upstream,
    pool,
    timeoutMs: options.proxyTimeout,
    bodyLimit: options.bodyLimit,
    strict: options.proxyStrict,
    fallback,
  };
  return {
    upstream,
    responder: Object.assign(
      (exchange: Exchange, _effects: Effects, rejection?: Rejection) =>
        andThen(proxyForwards(exchange.headers, exchange.session.id, sessions), (on) =>
          on ? forward(settings, exchange, rejection) : undefined,
        ),
      { takesRejected: options.proxyValidateRequest !== 'reject' },
    ),
    // Closed after the server answered its last request: nothing in flight is left to wait for.
    close: () => pool.destroy(),
  };
}
