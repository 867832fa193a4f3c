import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendResponse } from '../http/send-response.js';
import { problemResponse } from '../pipeline/decide-status.js';
import { ADMIN_PREFIX } from '../spec/load-spec.js';

const OPEN_PATHS = new Set([`${ADMIN_PREFIX}/health`]);

/**
 * With an admin token, everything under /__mock/ but health needs `Authorization: Bearer <token>`, or
 * `?token=` where a browser cannot send a header (opening the dashboard, EventSource). The API itself
 * is not affected: its credentials are checked by the security stage.
 */
export function requireAdminToken(app: FastifyInstance, adminToken: string): void {
  const expected = digest(adminToken);
  app.addHook('onRequest', async (request, reply) => {
    // The route that matched, not the raw URL: the router decodes `/%5f_mock/journal` to an admin route.
    const route = request.routeOptions.url;
    if (!isAdminRoute(route) || OPEN_PATHS.has(route)) return;
    if (request.method === 'OPTIONS') return; // CORS preflights carry no credentials
    const presented = bearerToken(request.headers.authorization) ?? queryToken(request.query);
    if (presented !== undefined && timingSafeEqual(digest(presented), expected)) return;
    const problem = problemResponse({ code: 'ADMIN_TOKEN_REQUIRED' });
    return sendResponse(reply, { ...problem, headers: { ...problem.headers, 'www-authenticate': 'Bearer realm="plantstore-mock-admin"' } });
  });
}

/** Whether the matched route is one of the mock's own (everything the API gets is routed as `/*`). */
export function isAdminRoute(route: string | undefined): route is string {
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
