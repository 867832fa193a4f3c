import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { MockDocument } from '../mock/create-mock.js';
import { OVER_BUDGET, type SharedSessions, UNAVAILABLE } from '../mock/shared-sessions.js';
import { fleetOverBudget } from '../mock/store-setup.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { sendProblem } from './send-problem.js';

/** The admin routes that read or change sessions: with `--store`, they work on the store's copy. */
const SESSION_ROUTES = new RegExp(`^${ADMIN_PREFIX}/(scenarios?|reset|state|proxy)(/|$|\\?)`);

/** What kept an admin request's change from the store: unreachable or contended, or over the fleet's budget. */
type Failed = { readonly failed: typeof UNAVAILABLE } | { readonly failed: typeof OVER_BUDGET; readonly by: SharedSessions };

/**
 * With `--store`, an admin request about a session (its scenario, a reset, its records) holds the
 * session from the store like an API request, and writes back what it changed before the answer goes
 * out: a client that set a scenario through one replica finds it on the next, whichever answers. When
 * another replica wrote the session meanwhile (every record write moves its version), the route is
 * run again on a fresh copy, a bounded number of times (SharedSessions.run), its answer held back until
 * the write is done; only then, or when the store cannot be reached, it answers 503.
 */
export function sharedSessionHooks(app: FastifyInstance, documents: readonly MockDocument[]): void {
  const shared = documents.flatMap((document) => (document.shared ? [document.shared] : []));
  if (shared.length === 0) return;
  const wrapped = new WeakSet<RouteHandlerMethod>();
  app.addHook('onRoute', (route) => {
    if (!SESSION_ROUTES.test(route.url) || wrapped.has(route.handler)) return;
    const handler = route.handler;
    const held: RouteHandlerMethod = async function (this: FastifyInstance, request, reply) {
      return heldRoute(shared, (r) => handler.call(this, request, r), request, reply);
    };
    wrapped.add(held);
    route.handler = held;
  });
}

async function heldRoute(
  shared: readonly SharedSessions[],
  handler: (reply: FastifyReply) => unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const session = sessionNamed(request);
  let sent: { readonly payload: unknown } | undefined;
  // Each attempt starts from the reply as the route got it: a discarded one's status and headers go.
  const status = reply.statusCode;
  const headers = { ...reply.getHeaders() };
  const fresh = () => {
    for (const name of Object.keys(reply.getHeaders())) if (!(name in headers)) reply.removeHeader(name);
    reply.code(status).headers(headers);
  };
  // One attempt of the route: what it sends is kept back until its change is written. Done when it
  // sends, not when its promise settles: a handler answering `return reply.send(...)` resolves to the
  // reply, a thenable that settles only once the answer went out.
  const attempt = async (): Promise<unknown> => {
    sent = undefined;
    fresh();
    try {
      return await new Promise<unknown>((resolve, reject) => {
        reply.send = ((payload?: unknown) => {
          sent = { payload };
          resolve(undefined);
          return reply;
        }) as FastifyReply['send'];
        Promise.resolve(handler(reply)).then((value) => resolve(sent === undefined ? value : undefined), reject);
      });
    } finally {
      Reflect.deleteProperty(reply, 'send');
    }
  };
  // Each document's session held around the next's: a conflict in any runs the route again.
  let run: () => Promise<unknown> = attempt;
  for (const sessions of shared) {
    const inner = run;
    run = async (): Promise<unknown> => {
      const value = await sessions.run(session, inner, () => undefined);
      if (value === UNAVAILABLE) return { failed: UNAVAILABLE } satisfies Failed;
      if (value === OVER_BUDGET) return { failed: OVER_BUDGET, by: sessions } satisfies Failed;
      return value;
    };
  }
  let value = await run();
  const resetAll = request.method === 'POST' && request.url.startsWith(`${ADMIN_PREFIX}/reset`) && session === undefined;
  if (!isFailed(value) && resetAll && reply.statusCode < 300) {
    const done = await Promise.all(
      shared.map((s) =>
        s.resetAll().then(
          () => true,
          () => false,
        ),
      ),
    );
    if (!done.every(Boolean)) value = { failed: UNAVAILABLE } satisfies Failed;
  }
  if (isFailed(value)) {
    fresh();
    // Over the fleet's byte budget is the 507 one replica answers in memory; else the store failed.
    return sendProblem(reply, value.failed === OVER_BUDGET ? fleetOverBudget(value.by.store, bodyBytes(request)) : storeUnavailable());
  }
  return sent === undefined ? value : reply.send(sent.payload);
}

function isFailed(value: unknown): value is Failed {
  return typeof value === 'object' && value !== null && 'failed' in value && (value.failed === UNAVAILABLE || value.failed === OVER_BUDGET);
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
