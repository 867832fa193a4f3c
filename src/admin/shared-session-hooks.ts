import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MockDocument } from '../mock/create-mock.js';
import { type HeldSession, UNAVAILABLE } from '../mock/shared-sessions.js';
import { fleetOverBudget } from '../mock/store-setup.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { sendProblem } from './send-problem.js';

/** The admin routes that read or change sessions: with `--store`, they work on the store's copy. */
const SESSION_ROUTES = new RegExp(`^${ADMIN_PREFIX}/(scenarios?|reset|state|proxy)(/|$|\\?)`);

/**
 * With `--store`, an admin request about a session (its scenario, a reset, its records) holds the
 * session from the store like an API request, and writes back what it changed before the answer goes
 * out: a client that set a scenario through one replica finds it on the next, whichever answers.
 */
export function sharedSessionHooks(app: FastifyInstance, documents: readonly MockDocument[]): void {
  const shared = documents.flatMap((document) => (document.shared ? [document.shared] : []));
  if (shared.length === 0) return;
  const holding = new WeakMap<FastifyRequest, HeldSession[]>();
  app.addHook('preHandler', async (request, reply) => {
    if (!SESSION_ROUTES.test(request.url)) return;
    const session = sessionNamed(request);
    const held: HeldSession[] = [];
    for (const sessions of shared) {
      const one = await sessions.begin(session);
      if (one === UNAVAILABLE) {
        await Promise.all(held.map((h) => h.end()));
        return sendProblem(reply, storeUnavailable());
      }
      held.push(one);
    }
    holding.set(request, held);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const held = holding.get(request);
    if (!held) return payload;
    holding.delete(request);
    const outcomes = await Promise.all(held.map((h) => h.end()));
    let failed = outcomes.some((outcome) => outcome !== 'saved');
    const resetAll = request.method === 'POST' && request.url.startsWith(`${ADMIN_PREFIX}/reset`) && sessionNamed(request) === undefined;
    if (!failed && resetAll && reply.statusCode < 300)
      failed = !(
        await Promise.all(
          shared.map((s) =>
            s.resetAll().then(
              () => true,
              () => false,
            ),
          ),
        )
      ).every(Boolean);
    if (!failed) return payload;
    // Over the fleet's byte budget is the 507 one replica answers in memory; else the store failed.
    const over = shared[outcomes.indexOf('over-budget')];
    const problem = over ? fleetOverBudget(over.store, bodyBytes(request)) : storeUnavailable();
    reply.code(problem.status).headers(problem.headers).type('application/json; charset=utf-8');
    return JSON.stringify(problem.body);
  });
}

function storeUnavailable() {
  return problemResponse({ code: 'STORE_UNAVAILABLE', headers: { 'retry-after': '1' } });
}

/** The bytes the request brought, as the API's 507 counts them. */
function bodyBytes(request: FastifyRequest): number {
  return Buffer.isBuffer(request.body) ? request.body.length : Number(request.headers['content-length']) || 0;
}

/** `?session=` or the JSON body's `session`; undefined: the default session (the route checks the value). */
function sessionNamed(request: FastifyRequest): string | undefined {
  const query = (request.query as { session?: unknown } | undefined)?.session;
  if (typeof query === 'string') return query;
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0 || body.length > 4096) return undefined;
  try {
    const session = (JSON.parse(body.toString('utf8')) as { session?: unknown } | null)?.session;
    return typeof session === 'string' ? session : undefined;
  } catch {
    return undefined;
  }
}
