import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySchemaValidation } from './lazy-validation.js';

const ajv = { customOptions: { removeAdditional: false, allErrors: true } };
const schema = {
  querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, additionalProperties: false },
};

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

function appWith(options: object, routeSchema: object = schema): FastifyInstance {
  const app = Fastify({ ajv, ...options });
  app.post('/thing', { schema: routeSchema }, async (request) => ({ query: request.query, body: request.body }));
  apps.push(app);
  return app;
}

describe('lazySchemaValidation', () => {
  it("validates, coerces and words its errors exactly as Fastify's default compiler", async () => {
    const eager = appWith({});
    const lazy = appWith({ schemaController: lazySchemaValidation() });
    const requests = [
      { url: '/thing?limit=5', payload: { name: 'Ficus' } },
      { url: '/thing?limit=0', payload: { name: 'Ficus' } },
      { url: '/thing?limit=abc&extra=1', payload: { name: 'Ficus' } },
      { url: '/thing', payload: { name: 7, other: true } },
      { url: '/thing', payload: {} },
    ];
    for (const request of requests) {
      const [expected, actual] = await Promise.all([eager, lazy].map((app) => app.inject({ method: 'POST', ...request })));
      expect({ status: actual?.statusCode, body: actual?.json() }).toEqual({ status: expected?.statusCode, body: expected?.json() });
    }
  });

  it("compiles a route's schema on its first request, not when the server gets ready", async () => {
    const broken = { body: { type: 'no-such-type' } };
    await expect(appWith({}, broken).ready()).rejects.toThrow(/Failed building the validation schema/);
    const lazy = appWith({ schemaController: lazySchemaValidation() }, broken);
    await expect(lazy.ready()).resolves.toBeDefined();
    expect((await lazy.inject({ method: 'POST', url: '/thing', payload: {} })).statusCode).toBe(500);
  });
});
