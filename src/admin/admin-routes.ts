import type { FastifyInstance } from 'fastify';
import { registerScenarioRoutes } from '../scenarios/scenario-admin-routes.js';
import type { ScenarioEngine } from '../scenarios/scenario-engine.js';
import { ADMIN_PREFIX, type LoadedSpec } from '../spec/load-spec.js';

export interface AdminParts {
  readonly spec: LoadedSpec;
  readonly scenarios: ScenarioEngine;
}

/**
 * Everything the mock adds lives under /__mock/. Each feature registers its own routes from its own
 * module, one line here each.
 */
export function registerAdminRoutes(app: FastifyInstance, parts: AdminParts): void {
  app.get(`${ADMIN_PREFIX}/health`, async () => ({ status: 'ok', spec: parts.spec.title, version: parts.spec.version }));
  registerScenarioRoutes(app, parts.scenarios);
}
