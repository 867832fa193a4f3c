import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { overBudgetProblem } from '../json/byte-budget.js';
import { stringifyJson } from '../json/stringify-json.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import type { StateSimulator } from '../state/simulator.js';
import { tokenQueryProperty } from './journal-schemas.js';
import { pickDocument, specQueryProperty } from './pick-document.js';
import { sendProblem } from './send-problem.js';

/** Validated by Fastify and shown in the admin OpenAPI document, from the same object. */
export const stateQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    session: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$', description: 'The `X-Mock-Session` (default: the default session).' },
    ...specQueryProperty,
    ...tokenQueryProperty,
  },
} as const;

/** The JSON shape of GET /__mock/state. */
export const stateSchema = {
  type: 'object',
  required: ['session', 'stateful', 'collections'],
  properties: {
    session: { type: ['string', 'null'] },
    stateful: { type: 'boolean', description: 'Whether the server runs with --stateful.' },
    collections: {
      type: 'object',
      description: 'Records by collection path (such as /plants), in creation order, as stored (ids included).',
      additionalProperties: { type: 'array', items: { type: 'object' } },
    },
  },
} as const;

/** A document whose simulated records the route shows, by name. */
export interface StateDocument {
  readonly mount: { readonly name: string };
  readonly state: StateSimulator;
  readonly stateful: boolean;
}

/**
 * GET (and PUT) /__mock/state: the stateful simulator's records of a session (POST /__mock/reset forgets them),
 * of the document `?spec=` names (default: the first).
 */
export async function stateRoutes(app: FastifyInstance, { documents }: { documents: readonly StateDocument[] }): Promise<void> {
  app.get(`${ADMIN_PREFIX}/state`, { schema: { querystring: stateQuerySchema }, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return invalid(request, reply);
    const { session, spec } = request.query as { session?: string; spec?: string };
    const pick = pickDocument(documents, spec, (document) => document.mount.name);
    if ('error' in pick) return sendProblem(reply, pick.error);
    const { state, stateful } = pick.found ?? (documents[0] as StateDocument);
    reply.header('cache-control', 'no-store');
    const body = { session: session ?? null, stateful, collections: await state.view(session) };
    // Records may hold integers beyond 2^53 (bigints), which JSON.stringify cannot write.
    return reply.type('application/json; charset=utf-8').send(stringifyJson(body));
  });
  putStateRoute(app, documents);
}

/** The JSON body of PUT /__mock/state. */
export const stateBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['collections'],
  properties: {
    collections: {
      type: 'object',
      description: 'Records by collection path (such as /plants): each collection given is replaced, the others are kept.',
      additionalProperties: { type: 'array', items: { type: 'object' } },
    },
  },
} as const;

/**
 * PUT /__mock/state: replaces a session's records of the collections given, checked against the
 * document as `--data` records are; answers the session's records as GET does.
 */
function putStateRoute(app: FastifyInstance, documents: readonly StateDocument[]): void {
  app.put(
    `${ADMIN_PREFIX}/state`,
    { schema: { querystring: stateQuerySchema, body: stateBodySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return invalid(request, reply);
      const { session, spec } = request.query as { session?: string; spec?: string };
      const pick = pickDocument(documents, spec, (document) => document.mount.name);
      if ('error' in pick) return sendProblem(reply, pick.error);
      const { state, stateful } = pick.found ?? (documents[0] as StateDocument);
      const failed = await state.replace(session, (request.body as { collections: unknown }).collections);
      if (failed && 'problem' in failed)
        return sendProblem(reply, problemResponse({ code: 'INVALID_ADMIN_REQUEST', params: { details: failed.problem } }));
      if (failed) return sendProblem(reply, problemResponse(overBudgetProblem(failed.over, failed.bytes)));
      reply.header('cache-control', 'no-store');
      const body = { session: session ?? null, stateful, collections: await state.view(session) };
      return reply.type('application/json; charset=utf-8').send(stringifyJson(body));
    },
  );
}

function invalid(request: FastifyRequest, reply: FastifyReply) {
  const details = request.validationError?.message ?? 'invalid query';
  return sendProblem(reply, problemResponse({ code: 'INVALID_ADMIN_REQUEST', params: { details } }));
}
