import type { FastifyInstance } from 'fastify';
import type { CoverageModel } from '../contract-coverage/coverage-model.js';
import { dashboardRoutes } from '../dashboard/dashboard-routes.js';
import type { Journal } from '../journal/journal.js';
import { journalRoutes } from '../journal/journal-routes.js';
import type { Metrics } from '../metrics/metrics.js';
import { metricsRoutes } from '../metrics/metrics-routes.js';
import type { LoadedSpec } from '../openapi/load-spec.js';
import { ADMIN_PREFIX } from '../protocol.js';
import type { ScenarioEngine } from '../scenarios/scenario-engine.js';
import { adminJsonBodies } from './admin-json.js';
import { adminOpenApiRoute } from './admin-openapi.js';
import { coverageRoutes } from './coverage-routes.js';
import { registerScenarioRoutes } from './scenario-routes.js';

export interface AdminParts {
  readonly spec: LoadedSpec;
  readonly scenarios: ScenarioEngine;
  readonly journal: Journal;
  readonly metrics: Metrics;
  readonly coverage: CoverageModel;
}

/**
 * Everything the mock adds lives under /__mock/. Each feature registers its own routes from its own
 * module, one line here each.
 */
export function registerAdminRoutes(app: FastifyInstance, parts: AdminParts): void {
  app.get(`${ADMIN_PREFIX}/health`, async () => ({ status: 'ok', spec: parts.spec.title, version: parts.spec.version }));
  registerScenarioRoutes(app, parts.scenarios, (session) => parts.coverage.reset(session));
  app.register(async (admin) => {
    adminJsonBodies(admin);
    await admin.register(journalRoutes, { journal: parts.journal });
    await admin.register(metricsRoutes, { metrics: parts.metrics });
    await admin.register(coverageRoutes, { coverage: parts.coverage });
    await admin.register(dashboardRoutes);
    await admin.register(adminOpenApiRoute);
  });
}
