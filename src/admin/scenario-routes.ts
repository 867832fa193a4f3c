import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseJson } from '../json/parse-json.js';
import { type Problem, problemResponse } from '../problem.js';
import { ADMIN_PREFIX, SESSION_ID } from '../protocol.js';
import type { ScenarioEngine } from '../scenarios/scenario-engine.js';
import { namesOf } from '../scenarios/scenario-types.js';
import { pickDocument } from './pick-document.js';
import { sendProblem } from './send-problem.js';

/** A document whose scenarios the routes steer, by name. */
export interface ScenarioDocument {
  readonly mount: { readonly name: string };
  readonly scenarios: ScenarioEngine;
}

/**
 * The scenarios admin API (the dashboard uses the same shapes):
 * GET /__mock/scenarios, GET|PUT /__mock/scenario, POST /__mock/reset. See scenarios/README.md.
 * `?spec=NAME` picks the document (default: the first; a reset without it resets every document).
 */
export function registerScenarioRoutes<T extends ScenarioDocument>(
  app: FastifyInstance,
  documents: readonly T[],
  onReset?: (document: T, session?: string) => void | Promise<void>,
): void {
  const fail = (reply: FastifyReply, problem: Problem) => sendProblem(reply, problemResponse(problem));
  const invalid = (details: string): Problem => ({ code: 'INVALID_ADMIN_REQUEST', params: { details } });
  const current = async (engine: ScenarioEngine, session: string | undefined) => ({
    session: session ?? null,
    scenario: (await engine.scenarioOf(session)) ?? null,
  });
  const picked = (request: FastifyRequest) => pickDocument(documents, (request.query as { spec?: unknown }).spec, (d) => d.mount.name);
  const first = documents[0] as T;

  app.get(`${ADMIN_PREFIX}/scenarios`, async (request, reply) => {
    const pick = picked(request);
    if ('error' in pick) return sendProblem(reply, pick.error);
    const engine = (pick.found ?? first).scenarios;
    return {
      scenarios: [...engine.catalogue.values()].map(({ name, description }) => ({ name, description })),
      active: (await engine.scenarioOf(undefined)) ?? null,
    };
  });

  app.get(`${ADMIN_PREFIX}/scenario`, async (request, reply) => {
    const pick = picked(request);
    if ('error' in pick) return sendProblem(reply, pick.error);
    const session = (request.query as Record<string, unknown>).session;
    if (session !== undefined && !validSession(session)) return fail(reply, invalid(sessionRule));
    return current((pick.found ?? first).scenarios, session);
  });

  app.put(`${ADMIN_PREFIX}/scenario`, async (request, reply) => {
    const pick = picked(request);
    if ('error' in pick) return sendProblem(reply, pick.error);
    const engine = (pick.found ?? first).scenarios;
    const body = readBody(request.body);
    if (typeof body === 'string') return fail(reply, invalid(body));
    const { scenario } = body;
    const session = body.session ?? undefined; // null (as GET answers for the default session) means the default session too
    if (session !== undefined && !validSession(session)) return fail(reply, invalid(sessionRule));
    if (scenario !== null && typeof scenario !== 'string') return fail(reply, invalid('"scenario" must be a scenario name or null'));
    if (scenario !== null && !engine.catalogue.has(scenario))
      return fail(reply, { code: 'UNKNOWN_SCENARIO', params: { name: scenario, available: namesOf(engine.catalogue) } });
    await engine.sessions.chooseScenario(session, scenario ?? undefined);
    return current(engine, session);
  });

  app.post(`${ADMIN_PREFIX}/reset`, async (request, reply) => {
    const pick = picked(request);
    if ('error' in pick) return sendProblem(reply, pick.error);
    const body = readBody(request.body);
    if (typeof body === 'string') return fail(reply, invalid(body));
    const session = body.session ?? undefined;
    if (session !== undefined && !validSession(session)) return fail(reply, invalid(sessionRule));
    for (const document of pick.found ? [pick.found] : documents) {
      await document.scenarios.sessions.reset(session);
      await onReset?.(document, session);
    }
    return { reset: session ?? 'all' };
  });
}

const sessionRule = '"session" must be 1 to 128 letters, digits and -._:';

function validSession(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

/** The JSON object body of an admin request ({} when empty), or what is wrong with it. */
function readBody(raw: unknown): Record<string, unknown> | string {
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8').trim() : '';
  if (text === '') return {};
  const parsed = parseJson(text);
  if (!parsed.ok) return `the body is not JSON: ${parsed.message}`;
  const value = parsed.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'the body must be a JSON object';
  const known = new Set(['scenario', 'session']);
  const unknown = Object.keys(value).find((key) => !known.has(key));
  return unknown === undefined ? (value as Record<string, unknown>) : `unknown field "${unknown}"; known: scenario, session`;
}
