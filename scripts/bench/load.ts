import autocannon from 'autocannon';
import { VALID_BODY } from './servers.js';
import { runWrk, WRK_INSTALLED } from './wrk.js';

const AUTH = { authorization: 'Bearer bench-token', 'content-type': 'application/json' };
const NO_AUTH = { 'content-type': 'application/json' };

export type Request = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; headers: Record<string, string>; body?: string };
const valid: Request = { method: 'POST', path: '/plants', headers: AUTH, body: VALID_BODY };
const missingName: Request = { method: 'POST', path: '/plants', headers: AUTH, body: JSON.stringify({ id: 2 }) };
const textId: Request = { method: 'POST', path: '/plants', headers: AUTH, body: JSON.stringify({ id: 'three', name: 'Fern' }) };
const numericName: Request = { method: 'POST', path: '/plants', headers: AUTH, body: JSON.stringify({ id: 4, name: 5, tag: 'x' }) };
const noAuth: Request = { method: 'POST', path: '/plants', headers: NO_AUTH, body: VALID_BODY };

/** The request mixes; every connection cycles through its list in order, so every server gets the same mix. */
export type MixName = 'valid' | 'mixed' | 'rejected';
export const MIXES: Readonly<Record<MixName, Request[]>> = {
  valid: [valid],
  /** 50% valid, 30% invalid bodies, 20% missing auth. */
  mixed: [valid, missingName, valid, textId, valid, noAuth, valid, numericName, valid, noAuth],
  /** Every request authorised and its body invalid: the 400 path alone. */
  rejected: [missingName, textId, numericName],
};

export interface LoadResult {
  readonly requests: number;
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly mix: MixName;
  /** Requests to cycle through instead of the mix's (the mix then only names the run). */
  readonly requests?: readonly Request[];
  readonly connections?: number;
  /** Seconds, or a request count with `amount`. */
  readonly duration?: number;
  readonly amount?: number;
  /** Requests per second over all connections; unset, as fast as the server answers. */
  readonly rate?: number;
  /** Which load generator (default autocannon); wrk takes neither `amount` nor `rate`. */
  readonly loader?: Loader;
}

/** The load generators: wrk (wrk.ts) for CPU per request where installed, autocannon otherwise. */
export type Loader = 'wrk' | 'autocannon';
export const CPU_LOADER: Loader = WRK_INSTALLED ? 'wrk' : 'autocannon';
/** A `--loader` flag's value, checked. */
export function loaderFlag(value: string | undefined): Loader {
  if (value === undefined) return CPU_LOADER;
  if (value !== 'wrk' && value !== 'autocannon') throw new Error(`--loader takes wrk or autocannon, not ${value}`);
  if (value === 'wrk' && !WRK_INSTALLED) throw new Error('--loader wrk: wrk is not installed (apt-get install wrk)');
  return value;
}

/** Runs autocannon against a server; latency covers every answer (2xx or not). */
export async function runLoad({
  url,
  mix,
  requests,
  connections = 50,
  duration = 5,
  amount,
  rate,
  loader,
}: LoadOptions): Promise<LoadResult> {
  if (loader === 'wrk') {
    if (amount !== undefined || rate !== undefined) throw new Error('wrk runs for a duration, at no fixed rate');
    return runWrk(url, requests ?? MIXES[mix], connections, duration);
  }
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    ...(amount === undefined ? { duration } : { amount }),
    ...(rate === undefined ? {} : { overallRate: rate }),
    requests: [...(requests ?? MIXES[mix])],
    // Latency of every answer, not only 2xx, so the mixed run is measured whole.
    ...({ includeErrorStats: true } as object),
  });
  return {
    requests: result.requests.total,
    // Answers over wall time: the per-second average autocannon reports reads 0 when answers come in bursts.
    reqPerSec: result.requests.total / (result.duration || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
