import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { coverageJunit } from '../contract-coverage/coverage-junit.js';
import { coverageMarkdown } from '../contract-coverage/coverage-markdown.js';
import type { CoverageModel } from '../contract-coverage/coverage-model.js';
import { coverageReport } from '../contract-coverage/coverage-report.js';
import { coverageText } from '../contract-coverage/coverage-text.js';
import { driftJunit, driftMarkdown, driftReport } from '../contract-coverage/drift-report.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { tokenQueryProperty } from './journal-schemas.js';
import { pickDocument } from './pick-document.js';
import { sendProblem } from './send-problem.js';

export const COVERAGE_FORMATS = ['json', 'junit', 'markdown', 'text'] as const;
const session = {
  type: 'string',
  pattern: '^[A-Za-z0-9._:-]{1,128}$',
  description: 'Only this `X-Mock-Session` (default: every request).',
};
const spec = { type: 'string', description: 'With several documents: the one to report, by name (default: the first).' };

/** Validated by Fastify and shown in the admin OpenAPI document, from the same objects. */
export const coverageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    session,
    spec,
    format: { type: 'string', enum: [...COVERAGE_FORMATS], description: 'json (default), junit (JUnit XML), markdown or text.' },
    ...tokenQueryProperty,
  },
} as const;
export const DRIFT_FORMATS = ['json', 'junit', 'markdown'] as const;
export const driftQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    session,
    spec,
    format: { type: 'string', enum: [...DRIFT_FORMATS], description: 'json (default), junit (JUnit XML) or markdown.' },
    ...tokenQueryProperty,
  },
} as const;
export const coverageResetQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    session: { ...session, description: 'Forget only this session`s coverage (default: all of it).' },
    spec: { ...spec, description: 'With several documents: forget only this one`s coverage (default: every one`s).' },
    ...tokenQueryProperty,
  },
} as const;

const RENDER = {
  junit: { type: 'application/xml; charset=utf-8', render: coverageJunit },
  markdown: { type: 'text/markdown; charset=utf-8', render: coverageMarkdown },
  text: { type: 'text/plain; charset=utf-8', render: coverageText },
} as const;

/** The coverage of each document served, by name (one, unnamed in the API, unless several are served). */
export interface DocumentCoverage {
  readonly name: string;
  readonly coverage: CoverageModel;
  /** With `--store`: the fleet's counts, read from the store (src/mock/fleet-coverage.ts). */
  readonly fleet?: FleetCounts | undefined;
}

/** What the routes ask of the fleet's coverage. */
export interface FleetCounts {
  model(session?: string): Promise<CoverageModel>;
  reset(session?: string): Promise<void>;
}

/** The model to report: this replica's, or the fleet's; undefined when the store cannot be reached. */
async function modelOf(document: DocumentCoverage, session: string | undefined): Promise<CoverageModel | undefined> {
  if (document.fleet === undefined) return document.coverage;
  return document.fleet.model(session).catch(() => undefined);
}

const storeUnavailable = () => problemResponse({ code: 'STORE_UNAVAILABLE', headers: { 'retry-after': '1' } });

/** GET /__mock/coverage (JSON, JUnit, Markdown or text) and DELETE /__mock/coverage; `?spec=` picks a document. */
export async function coverageRoutes(app: FastifyInstance, { documents }: { documents: readonly DocumentCoverage[] }): Promise<void> {
  const named = (name: string | undefined) => pickDocument(documents, name, (document) => document.name);
  app.get(`${ADMIN_PREFIX}/coverage`, { schema: { querystring: coverageQuerySchema }, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return invalid(request, reply);
    const query = request.query as { session?: string; spec?: string; format?: (typeof COVERAGE_FORMATS)[number] };
    const picked = named(query.spec);
    if ('error' in picked) return sendProblem(reply, picked.error);
    const coverage = await modelOf((picked.found ?? documents[0]) as DocumentCoverage, query.session);
    if (coverage === undefined) return sendProblem(reply, storeUnavailable());
    const report = coverageReport(coverage, query.session);
    reply.header('cache-control', 'no-store');
    if (query.format === undefined || query.format === 'json')
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(report));
    const { type, render } = RENDER[query.format];
    return reply.type(type).send(render(report));
  });

  app.get(`${ADMIN_PREFIX}/drift`, { schema: { querystring: driftQuerySchema }, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return invalid(request, reply);
    const query = request.query as { session?: string; spec?: string; format?: (typeof DRIFT_FORMATS)[number] };
    const picked = named(query.spec);
    if ('error' in picked) return sendProblem(reply, picked.error);
    const coverage = await modelOf((picked.found ?? documents[0]) as DocumentCoverage, query.session);
    if (coverage === undefined) return sendProblem(reply, storeUnavailable());
    const report = driftReport(coverageReport(coverage, query.session));
    reply.header('cache-control', 'no-store');
    if (query.format === 'junit') return reply.type('application/xml; charset=utf-8').send(driftJunit(report));
    if (query.format === 'markdown') return reply.type('text/markdown; charset=utf-8').send(driftMarkdown(report));
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(report));
  });

  app.delete(
    `${ADMIN_PREFIX}/coverage`,
    { schema: { querystring: coverageResetQuerySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return invalid(request, reply);
      const { session: id, spec: name } = request.query as { session?: string; spec?: string };
      const picked = named(name);
      if ('error' in picked) return sendProblem(reply, picked.error);
      for (const document of picked.found ? [picked.found] : documents) {
        if (document.fleet === undefined) document.coverage.reset(id);
        else if (
          !(await document.fleet.reset(id).then(
            () => true,
            () => false,
          ))
        )
          return sendProblem(reply, storeUnavailable());
      }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify({ reset: id ?? 'all' }));
    },
  );
}

/** A bad query is the admin API's own 400, naming the field (the schema error formatter's message). */
function invalid(request: FastifyRequest, reply: FastifyReply) {
  const details = request.validationError?.message ?? 'invalid query';
  return sendProblem(reply, problemResponse({ code: 'INVALID_ADMIN_REQUEST', params: { details } }));
}
