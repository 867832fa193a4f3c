import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { guardAdminRoutes } from '../admin/admin-token.js';
import { stringifyJson } from '../json/stringify-json.js';
import type { ResolvedOptions } from '../options.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX, STEADY_HEALTH } from '../protocol.js';
import { createAdminOriginPolicy } from './admin-cors.js';
import { loadAdminValidators } from './admin-validators.js';
import { hasBody } from './browser-guard.js';
import { createFastify } from './fastify-instance.js';
import { type Logger, pathOf } from './request-logger.js';
import { sendResponse } from './send-response.js';

/** The methods of the admin routes; any other method on an admin path is the API's (a 404 from the pipeline). */
export const ADMIN_METHODS = ['DELETE', 'GET', 'POST', 'PUT'] as const;

export interface AdminMount {
  readonly options: ResolvedOptions;
  readonly log: Logger;
  /** Told of each answer the admin app sent (its log line). */
  readonly answered: (request: FastifyRequest, reply: FastifyReply) => void;
  /** Registers the admin routes on the admin app (their modules loaded then, on the first admin request). */
  readonly routes: (admin: FastifyInstance) => Promise<void>;
}

/**
 * The mock's own routes (`/__mock/...`) live in a second Fastify app, built on the first request that
 * needs it: most servers (one per test) never call them, and Fastify prepares each route as the app is
 * built, most of the cost of a fresh server. The API's app routes every admin path and method to it
 * (after its limits and CORS, before reading the body) through Fastify's public `routing`. The router
 * decodes the path, so `/%5f_mock/journal` reaches the admin app, and its token check, as well.
 */
export function mountAdmin(app: FastifyInstance, mount: AdminMount): void {
  // The API app's request, for the admin app's request id and start time (one request, one log id).
  const forwarded = new WeakMap<IncomingMessage, FastifyRequest>();
  let admin: Promise<FastifyInstance> | undefined;
  const forward = (request: FastifyRequest, reply: FastifyReply, _done: HookHandlerDoneFunction) => {
    reply.hijack();
    forwarded.set(request.raw, request);
    admin ??= buildAdminApp(mount, forwarded).catch((error: unknown) => {
      admin = undefined; // a later request tries again
      throw error;
    });
    admin
      .then((built) => built.routing(request.raw, reply.raw))
      .catch((error: unknown) => {
        // A bug (building the admin app cannot fail on user input): logged, answered without internals.
        mount.log.error({ reqId: request.id, err: error }, 'the admin routes failed');
        const raw = reply.raw;
        if (raw.headersSent) return void raw.destroy();
        const problem = problemResponse({ code: 'INTERNAL', params: { details: `the log has the details of request ${request.id}` } });
        raw.writeHead(problem.status, { ...problem.headers, 'content-type': 'application/json; charset=utf-8' });
        raw.end(stringifyJson(problem.body));
      });
  };
  const unreachable = () => undefined;
  for (const url of [ADMIN_PREFIX, `${ADMIN_PREFIX}/*`]) {
    app.route({ method: [...ADMIN_METHODS], url, onRequest: forward, handler: unreachable });
  }
  // The compatibility alias: the same route of the admin app, the query (`?spec=`) kept.
  const health = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const url = request.raw.url ?? '';
    const query = url.indexOf('?');
    request.raw.url = `${ADMIN_PREFIX}/health${query < 0 ? '' : url.slice(query)}`;
    forward(request, reply, done);
  };
  app.route({ method: 'GET', url: STEADY_HEALTH, onRequest: health, handler: unreachable });
  // Streams the admin app holds open (the journal's events) end before the server waits for its connections.
  app.addHook('preClose', async () => {
    const built = await admin?.catch(() => undefined);
    await built?.close();
  });
}

async function buildAdminApp(mount: AdminMount, forwarded: WeakMap<IncomingMessage, FastifyRequest>): Promise<FastifyInstance> {
  const { options, log } = mount;
  await loadAdminValidators();
  const admin = createFastify(options, log, { genReqId: (raw) => forwarded.get(raw)?.id ?? 'admin' });
  const origins = createAdminOriginPolicy(options.adminCors);
  admin.addHook('onRequest', (request, reply, done) => {
    request.startedAt = forwarded.get(request.raw)?.startedAt ?? performance.now();
    // The browser guard answered preflights and refused foreign pages already; the admin routes' CORS
    // is their own, never the API's open one.
    reply.headers(origins.corsHeaders(request.headers, false));
    // Fastify parses the Content-Type of a request with no body all the same, and answers its own 415 to
    // an empty or odd one (Schemathesis sends `Content-Type:` empty): naming no body, it is not read, as
    // on the API's routes (build-app.ts). The browser guard has judged any body's type already.
    if (request.headers['content-type'] !== undefined && !hasBody(request)) delete request.raw.headers['content-type'];
    done();
  });
  guardAdminRoutes(admin, { token: options.adminToken, answered: mount.answered });
  // No document path lies under /__mock/ (the loader refuses one): what no admin route takes, nothing does.
  admin.setNotFoundHandler((request, reply) => {
    sendResponse(reply, problemResponse({ code: 'NOT_FOUND', params: { method: request.method, path: pathOf(request.url) } }));
  });
  await mount.routes(admin);
  await admin.ready();
  return admin;
}
