import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { sendProblem } from './send-problem.js';

const OPEN_PATHS = new Set([`${ADMIN_PREFIX}/health`]);

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the route that matched is one of the mock's own (`/__mock/...`), not the API's. */
    adminRoute: boolean;
  }
}

/**
 * Marks the mock's own routes as they are registered, by the route that matches (the router decodes
 * `/%5f_mock/journal` to an admin route), so per-request code reads a flag instead of asking Fastify
 * for the route options (a fresh object on every access). With an admin token, everything under
 * /__mock/ but health also needs `Authorization: Bearer <token>`, or `?token=` where a browser cannot
 * send a header (opening the dashboard, EventSource). The API itself is not affected: its credentials
 * are checked by the security stage. Admin routes are told apart here for the log line too: they
 * answer on their own, not through sendResponse(). Call before the admin routes are registered.
 */
export function guardAdminRoutes(app: FastifyInstance, { token, answered }: AdminGuard): void {
  app.decorateRequest('adminRoute', false);
  const check = token === undefined ? undefined : tokenCheck(digest(token));
  const onAnswered = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    answered(request, reply);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!isAdminRoute(route.url)) return;
    const guard = check && !OPEN_PATHS.has(route.url) ? [check] : [];
    route.onRequest = [markAdmin, ...guard, ...asList(route.onRequest)];
    route.onResponse = [...asList(route.onResponse), onAnswered];
  });
}

export interface AdminGuard {
  /** The admin token, if one is required. */
  readonly token: string | undefined;
  /** Told of each answer an admin route sent (its log line). */
  readonly answered: (request: FastifyRequest, reply: FastifyReply) => void;
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

function markAdmin(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  request.adminRoute = true;
  done();
}

function tokenCheck(expected: Buffer) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS') return; // CORS preflights carry no credentials
    const presented = bearerToken(request.headers.authorization) ?? queryToken(request.query);
    if (presented !== undefined && timingSafeEqual(digest(presented), expected)) return;
    const problem = problemResponse({ code: 'ADMIN_TOKEN_REQUIRED' });
    return sendProblem(reply, { ...problem, headers: { ...problem.headers, 'www-authenticate': 'Bearer realm="plantstore-mock-admin"' } });
  };
}

/** Whether the matched route is one of the mock's own (everything the API gets is routed as `/*`). */
function isAdminRoute(route: string | undefined): route is string {
  return route !== undefined && (route === ADMIN_PREFIX || route.startsWith(`${ADMIN_PREFIX}/`));
}

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^bearer +(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function queryToken(query: unknown): string | undefined {
  const token = (query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
}
