import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX, type LoadedSpec } from '../spec/load-spec.js';

export interface AdminParts {
  readonly spec: LoadedSpec;
}

/**
 * Everything the mock adds lives under /__mock/. Each feature registers its own routes from its own
 * module, one line here each.
 */
export function registerAdminRoutes(app: FastifyInstance, parts: AdminParts): void {
  app.get(`${ADMIN_PREFIX}/health`, async () => ({ status: 'ok', spec: parts.spec.title, version: parts.spec.version }));
}
