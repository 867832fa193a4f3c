import type { FastifyInstance } from 'fastify';
import type { MockDocument, MockFeatures } from '../mock/create-mock.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { adminJsonBodies } from './admin-json.js';
import { adminOpenApiRoute } from './admin-openapi.js';
import { coverageRoutes } from './coverage-routes.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { documentSourceRoute } from './document-source.js';
import { documentView } from './document-view.js';
import { healthOf } from './health.js';
import { journalRoutes } from './journal-routes.js';
import { type McpMount, mcpRoutes } from './mcp-routes.js';
import { metricsRoutes } from './metrics-routes.js';
import { pickDocument } from './pick-document.js';
import { registerProxyRoutes } from './proxy-routes.js';
import { registerRecordingRoutes } from './recording-routes.js';
import { registerScenarioRoutes } from './scenario-routes.js';
import { sendProblem } from './send-problem.js';
import { sharedSessionHooks } from './shared-session-hooks.js';
import { stateRoutes } from './state-routes.js';
import { webhookRoutes } from './webhook-routes.js';

/** Bounds of the admin routes themselves. */
export interface AdminLimits {
  /** Most open `/__mock/events` streams. */
  readonly maxEventStreams: number;
  /** The MCP endpoint's reach into the server (`/__mock/mcp`, docs/mcp.md). */
  readonly mcp: McpMount;
}

/**
 * Everything the mock adds lives under /__mock/. Each feature registers its own routes from its own
 * module, one line here each.
 */
export function registerAdminRoutes(app: FastifyInstance, parts: MockFeatures, limits: AdminLimits): void {
  sharedSessionHooks(app, parts.documents);
  app.get(`${ADMIN_PREFIX}/health`, async (request, reply) => {
    const pick = pickDocument(parts.documents, (request.query as { spec?: unknown }).spec, (d) => d.mount.name);
    if ('error' in pick) return sendProblem(reply, pick.error);
    return healthOf(parts.documents, pick.found, parts.readiness());
  });
  // Readiness, apart from liveness: not ready while the operations are being prepared after listening
  // (a server that never listens prepares on first use), nor, with `--store`, while the store is unreachable.
  app.get(`${ADMIN_PREFIX}/health/ready`, async (_request, reply) => {
    const { started, ready, prepared, operations } = parts.readiness();
    if (started && !ready)
      return sendProblem(reply, problemResponse({ code: 'NOT_READY', params: { prepared, operations }, headers: { 'retry-after': '1' } }));
    const down = parts.documents.some((document) => document.shared !== undefined && !document.shared.store.ready);
    if (down) return sendProblem(reply, problemResponse({ code: 'STORE_UNAVAILABLE', headers: { 'retry-after': '1' } }));
    return { status: 'ready' };
  });
  app.get(`${ADMIN_PREFIX}/document`, async (request, reply) => {
    const pick = pickDocument(parts.documents, (request.query as { spec?: unknown }).spec, (d) => d.mount.name);
    if ('error' in pick) return sendProblem(reply, pick.error);
    return documentView((pick.found ?? (parts.documents[0] as MockDocument)).spec);
  });
  documentSourceRoute(app, parts.documents);
  mcpRoutes(app, limits.mcp);
  registerProxyRoutes(app, parts.proxy, (parts.documents[0] as MockDocument).sessions);
  registerRecordingRoutes(app, parts.recordings);
  registerScenarioRoutes(app, parts.documents, (document, session) =>
    document.fleetCoverage ? document.fleetCoverage.reset(session) : document.coverage.reset(session),
  );
  // One plugin, for the admin routes' own JSON parser; each feature's routes join it rather than being a
  // plugin of their own: a server per test pays Fastify's plugin machinery once instead of seven times.
  app.register(async (admin) => {
    adminJsonBodies(admin);
    await journalRoutes(admin, { journal: parts.journal, fleet: parts.fleetJournal, maxEventStreams: limits.maxEventStreams });
    await metricsRoutes(admin, { metrics: parts.metrics });
    await coverageRoutes(admin, {
      documents: parts.documents.map(({ mount, coverage, fleetCoverage }) => ({ name: mount.name, coverage, fleet: fleetCoverage })),
    });
    await stateRoutes(admin, { documents: parts.documents });
    await webhookRoutes(admin, { documents: parts.documents });
    await dashboardRoutes(admin);
    await adminOpenApiRoute(admin);
  });
}
