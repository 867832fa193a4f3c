import { createHash } from 'node:crypto';
import { overBudgetProblem } from '../json/byte-budget.js';
import type { LoadedSpec } from '../load/load-spec.js';
import type { MockResponse } from '../mock-response.js';
import type { ResolvedOptions } from '../options.js';
import { decide as record, restorer } from '../pipeline/exchange.js';
import type { Exchange } from '../pipeline/types.js';
import { problemResponse } from '../problem.js';
import type { SharedStore } from '../store/shared-store.js';
import { OVER_BUDGET, type SessionNeed, type SharedSessions, UNAVAILABLE } from './shared-sessions.js';

/** `--store`: connected, or undefined without one (or, with `--store-optional`, when it cannot be reached). */
export async function openStore(
  options: ResolvedOptions,
  spec: LoadedSpec,
  mount: string | undefined,
  log: { info(message: string): void; warn(message: string): void },
) {
  if (options.store === undefined) return undefined;
  const base = options.storePrefix ?? `plantstore-mock:${documentDigest(spec)}`;
  const prefix = `${base}:${mount === undefined ? '' : `${mount}:`}`;
  const settings = {
    url: options.store,
    prefix,
    idleMs: options.sessionIdleTimeout,
    maxSessions: options.maxSessions,
    totalBytes: options.maxTotalStateBytes,
    sessionBytes: options.maxStateBytes,
    warn: (m: string) => log.warn(m),
  };
  try {
    // Loaded here, by a server with --store, rather than by every server's start-up (ioredis).
    const { connectStore } = await import('../store/shared-store.js');
    const store: SharedStore = await connectStore(settings);
    log.info(`sessions shared through ${store.where} under the prefix ${prefix}`);
    return store;
  } catch (error) {
    if (!options.storeOptional) throw error;
    log.warn(`${(error as Error).message}; --store-optional: sessions stay in this replica's memory`);
    return undefined;
  }
}

/** The default prefix: replicas serving the same document share data, mocks of other documents never do. */
function documentDigest(spec: LoadedSpec): string {
  const ids = spec.operations.map((operation) => `${operation.method} ${operation.path}`).join('\n');
  return createHash('sha256').update(`${spec.title}\n${spec.version}\n${ids}`).digest('hex').slice(0, 12);
}

/** An answer decided with the session held from the store; 503 with Retry-After when the store cannot be reached. */
export async function sharedAnswer(
  shared: SharedSessions,
  exchange: Exchange,
  need: SessionNeed,
  decide: () => MockResponse | Promise<MockResponse>,
) {
  const decided =
    need === 'positions'
      ? await shared.advancing(exchange.session.id, decide)
      : // What the request brought; the pipeline's own fields are dropped before it decides again.
        await shared.run(exchange.session.id, decide, restorer(exchange));
  if (decided === OVER_BUDGET) {
    const response = fleetOverBudget(shared.store, exchange.rawBody?.length ?? 0);
    record(exchange, { response, provenance: { kind: 'rejected', code: 'STATE_BUDGET_EXCEEDED' } });
    return response;
  }
  if (decided !== UNAVAILABLE) return decided;
  const response = problemResponse({ code: 'STORE_UNAVAILABLE', headers: { 'retry-after': '1' } });
  record(exchange, { response, provenance: { kind: 'rejected', code: 'STORE_UNAVAILABLE' } });
  return response;
}

/** The catalogue's 507 for a write the fleet's `--max-total-state-bytes` refused, as one replica answers it. */
export function fleetOverBudget(store: SharedStore, bytes: number): MockResponse {
  return problemResponse(overBudgetProblem({ scope: 'all sessions', limit: store.totalBytes }, bytes));
}
