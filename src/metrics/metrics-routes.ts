import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX } from '../protocol.js';
import type { Metrics } from './metrics.js';

/** Prometheus exposition of this server's registry at /__mock/metrics. */
export async function metricsRoutes(app: FastifyInstance, { metrics }: { metrics: Metrics }): Promise<void> {
  app.get(`${ADMIN_PREFIX}/metrics`, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
}
