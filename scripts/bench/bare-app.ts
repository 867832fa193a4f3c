/**
 * The bare app the per-test bench compares with: a Fastify app doing the least a faithful mock must do
 * for POST /plants, built and answered in-process (ceiling-server.ts listens with it): one route, its own Ajv
 * body schema, a bearer check, echo. No logging.
 */
import Fastify, { type FastifyInstance } from 'fastify';

const newPlant = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: { type: 'string' } },
} as const;
const plant = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } } as const;
const error = { type: 'object', properties: { error: { type: 'integer' }, message: { type: 'string' } } } as const;

export async function createBareApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.post<{ Body: { name: string; tag?: string } }>(
    '/plants',
    {
      schema: { body: newPlant, response: { 200: plant, 401: error } },
      onRequest: async (request, reply) => {
        if (!/^bearer\s+\S+/i.test(request.headers.authorization ?? '')) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 40101, message: 'Authentication required' });
        }
      },
    },
    async (request) => ({ name: request.body.name, tag: request.body.tag }),
  );
  await app.ready();
  return app;
}
