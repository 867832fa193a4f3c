/**
 * The ceiling: a bare Fastify server doing the least a faithful mock must do for POST /plants, with
 * Fastify's own Ajv: NewPlant body schema, bearer check, echo. No logging, no pipeline.
 * Usage: tsx scripts/bench/ceiling-server.ts PORT
 */
import Fastify from 'fastify';

const newPlant = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: { type: 'string' } },
} as const;
const plant = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } } as const;
const error = { type: 'object', properties: { error: { type: 'integer' }, message: { type: 'string' } } } as const;

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
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
process.stdout.write(`ceiling listening on ${app.listeningOrigin}\n`);
