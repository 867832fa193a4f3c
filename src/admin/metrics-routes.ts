import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';
import { ADMIN_PREFIX } from '../protocol.js';

/** Prometheus exposition of this server's metrics at /__mock/metrics. */
export async function metricsRoutes(app: FastifyInstance, { metrics }: { metrics: Metrics }): Promise<void> {
  app.get(`${ADMIN_PREFIX}/metrics`, async (_request, reply) => {
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).send(text);
  });
}
