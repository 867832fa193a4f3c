import type { FastifyInstance } from 'fastify';
import { parseJson } from '../json/parse-json.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX, SESSION_ID } from '../protocol.js';
import type { MockProxy } from '../proxy/create-proxy.js';
import type { SessionStore } from '../sessions/session-store.js';
import { sendProblem } from './send-problem.js';

/**
 * GET|PUT /__mock/proxy: whether a session's requests go to the real service (`--proxy`). Only on or
 * off: the upstream itself is chosen at start-up, never through the admin API.
 */
export function registerProxyRoutes(app: FastifyInstance, proxy: MockProxy | undefined, sessions: SessionStore): void {
  const state = async (session: string | undefined) => ({
    upstream: proxy === undefined ? null : `${proxy.upstream.origin}${proxy.upstream.basePath}`,
    session: session ?? null,
    proxy: proxy !== undefined && ((await sessions.proxyChoice(session)) ?? true) ? 'on' : 'off',
  });
  const invalid = (details: string) => problemResponse({ code: 'INVALID_ADMIN_REQUEST', params: { details } });

  app.get(`${ADMIN_PREFIX}/proxy`, async (request, reply) => {
    const session = (request.query as Record<string, unknown>).session;
    if (session !== undefined && (typeof session !== 'string' || !SESSION_ID.test(session)))
      return sendProblem(reply, invalid('"session" must be 1 to 128 letters, digits and -._:'));
    return state(session);
  });

  app.put(`${ADMIN_PREFIX}/proxy`, async (request, reply) => {
    if (proxy === undefined) return sendProblem(reply, invalid('the mock runs without --proxy'));
    const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    const parsed = parseJson(text);
    const body = parsed.ok ? parsed.value : undefined;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return sendProblem(reply, invalid('the body must be a JSON object such as {"session": "s1", "proxy": "off"}'));
    const { session = null, proxy: choice, ...rest } = body as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return sendProblem(reply, invalid(`unknown field "${Object.keys(rest)[0]}"; known: session, proxy`));
    if (session !== null && (typeof session !== 'string' || !SESSION_ID.test(session)))
      return sendProblem(reply, invalid('"session" must be 1 to 128 letters, digits and -._:, or null'));
    if (choice !== 'on' && choice !== 'off' && choice !== null) return sendProblem(reply, invalid('"proxy" must be "on", "off" or null'));
    const id = session ?? undefined;
    await sessions.chooseProxy(id, choice === null ? undefined : choice === 'on');
    return state(id);
  });
}
