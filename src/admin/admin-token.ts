import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { sendProblem } from './send-problem.js';

const OPEN_PATHS = new Set([`${ADMIN_PREFIX}/health`, `${ADMIN_PREFIX}/health/ready`]);

/**
 * With an admin token, everything under /__mock/ but health needs `Authorization: Bearer <token>`, or
 * `?token=` where a browser cannot send a header (opening the dashboard, EventSource). The API itself
 * is not affected: its credentials are checked by the security stage. Every admin answer is told to
 * `answered` (its log line): admin routes answer on their own, not through the API's sendResponse().
 * Call on the admin app, before its routes are registered.
 */
export function guardAdminRoutes(app: FastifyInstance, { token, answered }: AdminGuard): void {
  if (token !== undefined) {
    const check = tokenCheck(digest(token));
    app.addHook('onRoute', (route) => {
      if (!OPEN_PATHS.has(route.url)) route.onRequest = [check, ...asList(route.onRequest)];
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    answered(request, reply);
    done();
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

function tokenCheck(expected: Buffer) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const presented = bearerToken(request.headers.authorization) ?? queryToken(request.query);
    if (presented !== undefined && timingSafeEqual(digest(presented), expected)) return;
    const problem = problemResponse({ code: 'ADMIN_TOKEN_REQUIRED' });
    return sendProblem(reply, { ...problem, headers: { ...problem.headers, 'www-authenticate': 'Bearer realm="plantstore-mock-admin"' } });
  };
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
