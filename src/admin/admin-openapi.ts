import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX } from '../protocol.js';
import { coveragePaths } from './coverage-openapi.js';
import { documentViewSchema } from './document-view.js';
import { healthSchema } from './health.js';
import { clearQuerySchema, entrySchema, filterQuerySchema, listQuerySchema, verifyBodySchema } from './journal-schemas.js';
import { mcpPaths } from './mcp-openapi.js';
import { specQueryProperty } from './pick-document.js';
import { stateBodySchema, stateQuerySchema, stateSchema } from './state-routes.js';
import { webhookBodySchema, webhookQuerySchema, webhookResultSchema } from './webhook-routes.js';

type SchemaObject = { readonly properties: Readonly<Record<string, unknown>> };

/** Query parameters of an operation, from the same schema Fastify validates the query with. */
function queryParameters(schema: SchemaObject) {
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = property as { description?: string };
    return { name, in: 'query', required: false, description, schema: rest };
  });
}

const json = (schema: unknown, description: string) => ({ description, content: { 'application/json': { schema } } });
const errorResponse = json({ $ref: '#/components/schemas/Error' }, 'Error from the mock`s catalogue (`x-mock-error` names its code).');
const errors = { '400': errorResponse, '401': errorResponse };
/** `?spec=` of the routes that act on one document, from the object the routes read. */
const specParameters = queryParameters({ properties: specQueryProperty });
const sessionScenario = {
  type: 'object',
  properties: { session: { type: ['string', 'null'] }, scenario: { type: ['string', 'null'] } },
};

/** The admin API, described by hand: small, and it also covers routes other features register. */
function adminOpenApi(): Record<string, unknown> {
  const p = ADMIN_PREFIX;
  return {
    openapi: '3.1.0',
    info: {
      title: 'plantstore-mock admin API',
      version: '1.0.0',
      description:
        'Endpoints the mock adds under /__mock/. With `--admin-token T`, all but health require `Authorization: Bearer T` (or `?token=T`).',
    },
    components: {
      securitySchemes: { adminToken: { type: 'http', scheme: 'bearer', description: 'Only when the server runs with --admin-token.' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
        },
        JournalEntry: entrySchema,
      },
    },
    security: [{}, { adminToken: [] }],
    paths: {
      [`${p}/health`]: {
        get: {
          summary: 'Liveness and every document served; never needs the admin token',
          security: [],
          parameters: specParameters,
          responses: { '200': json(healthSchema, 'Up'), '400': errorResponse },
        },
      },
      [`${p}/document/source`]: {
        get: {
          summary: 'The text of the document served, as its file holds it (YAML or JSON)',
          parameters: specParameters,
          responses: {
            '200': { description: 'The document', content: { 'application/yaml': {}, 'application/json': {} } },
            ...errors,
          },
        },
      },
      [`${p}/document`]: {
        get: {
          summary: 'The document mocked, and what the mock found wrong in it (lint: routing, invalid examples and defaults)',
          parameters: specParameters,
          responses: { '200': json(documentViewSchema, 'The document and its findings'), ...errors },
        },
      },
      [`${p}/`]: { get: { summary: 'Live dashboard (HTML)', responses: { '200': { description: 'The page' }, '401': errorResponse } } },
      [`${p}/journal`]: {
        get: {
          summary: 'List journal entries matching a filter, oldest first',
          parameters: queryParameters(listQuerySchema),
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  count: { type: 'integer', description: 'Matching entries (before limit).' },
                  size: { type: 'integer', description: 'Entries held.' },
                  capacity: { type: 'integer', description: '--journal-size.' },
                  entries: { type: 'array', items: { $ref: '#/components/schemas/JournalEntry' } },
                },
              },
              'Matching entries',
            ),
            ...errors,
          },
        },
        delete: {
          summary: 'Clear the journal, or one session`s entries',
          parameters: queryParameters(clearQuerySchema),
          responses: {
            '200': json({ type: 'object', properties: { cleared: { type: 'integer' }, size: { type: 'integer' } } }, 'Cleared'),
            ...errors,
          },
        },
      },
      [`${p}/journal/count`]: {
        get: {
          summary: 'Count journal entries matching a filter',
          parameters: queryParameters(filterQuerySchema),
          responses: { '200': json({ type: 'object', properties: { count: { type: 'integer' } } }, 'The count'), ...errors },
        },
      },
      [`${p}/journal/verify`]: {
        post: {
          summary: 'Verify that at least / exactly N requests match; a failure lists the closest non-matching entries',
          requestBody: { required: true, content: { 'application/json': { schema: verifyBodySchema } } },
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  pass: { type: 'boolean' },
                  expected: { type: 'string', examples: ['at least 1'] },
                  count: { type: 'integer' },
                  message: { type: 'string' },
                  closest: { type: 'array', items: { $ref: '#/components/schemas/JournalEntry' } },
                },
              },
              'The verdict (pass or fail)',
            ),
            ...errors,
          },
        },
      },
      [`${p}/events`]: {
        get: {
          summary: 'Server-sent events: `entry` (a JournalEntry), `clear`, `resync` (list again)',
          description: 'Only for an EventSource: needs `Accept: text/event-stream` (406 otherwise); a no-cors request is refused (403).',
          responses: {
            '200': { description: 'text/event-stream', content: { 'text/event-stream': {} } },
            '401': errorResponse,
            '403': errorResponse,
            '406': errorResponse,
          },
        },
      },
      [`${p}/metrics`]: {
        get: {
          summary: 'Prometheus metrics',
          responses: { '200': { description: 'Text exposition format', content: { 'text/plain': {} } } },
        },
      },
      ...coveragePaths(p, queryParameters, errors),
      [`${p}/state`]: {
        get: {
          summary: 'Records the stateful simulator holds for a session, by collection (see docs/stateful.md)',
          parameters: queryParameters(stateQuerySchema),
          responses: { '200': json(stateSchema, 'The session`s records'), ...errors },
        },
        put: {
          summary: 'Replace a session`s records of the collections given, checked as --data records are (the others are kept)',
          parameters: queryParameters(stateQuerySchema),
          requestBody: { required: true, content: { 'application/json': { schema: stateBodySchema } } },
          responses: { '200': json(stateSchema, 'The session`s records now'), ...errors, '507': errorResponse },
        },
      },
      ...mcpPaths(p, errors),
      [`${p}/webhooks/{name}`]: {
        post: {
          summary: 'Send the document`s webhook `name` to a URL (see docs/callbacks.md); answers how the consumer answered',
          parameters: [
            { name: 'name', in: 'path', required: true, schema: { type: 'string' }, description: 'A key of the top-level `webhooks`.' },
            ...queryParameters({ properties: { spec: webhookQuerySchema.properties.spec } }),
          ],
          requestBody: { required: true, content: { 'application/json': { schema: webhookBodySchema } } },
          responses: {
            '200': json(webhookResultSchema, 'Sent: the outcome and the consumer`s answer'),
            '422': {
              ...errorResponse,
              description:
                'Unknown webhook, one several documents define (name one with `?spec=`), or a URL that is not HTTP(S) or not allowed (journalled, never sent)',
            },
            ...errors,
          },
        },
      },
      [`${p}/openapi.json`]: { get: { summary: 'This document', responses: { '200': json({ type: 'object' }, 'OpenAPI 3.1') } } },
      [`${p}/scenarios`]: {
        get: {
          summary: 'Scenarios and the default session`s active one (scenarios feature)',
          parameters: specParameters,
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  scenarios: {
                    type: 'array',
                    items: { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' } } },
                  },
                  active: { type: ['string', 'null'] },
                },
              },
              'Scenarios',
            ),
          },
        },
      },
      [`${p}/scenario`]: {
        get: {
          summary: 'Active scenario of a session (default session without `session`)',
          parameters: [{ name: 'session', in: 'query', required: false, schema: { type: 'string' } }, ...specParameters],
          responses: { '200': json(sessionScenario, 'Active scenario'), '400': errorResponse },
        },
        put: {
          summary: 'Switch the active scenario of a session',
          parameters: specParameters,
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['scenario'],
                  properties: { scenario: { type: ['string', 'null'] }, session: { type: 'string' } },
                },
              },
            },
          },
          responses: { '200': json(sessionScenario, 'Switched'), '400': errorResponse },
        },
      },
      [`${p}/recordings/flush`]: {
        post: {
          summary: 'Write the recordings of what passed through the proxy that are not written yet (--record)',
          description: 'Each file is written whole to a temporary name, then renamed. 400 when the mock runs without --record.',
          responses: {
            '200': json(
              {
                type: 'object',
                required: ['files'],
                properties: {
                  files: {
                    type: 'array',
                    description:
                      'The files written (scenario names; NAME.yaml in the --record directory), with how many exchanges each holds.',
                    items: {
                      type: 'object',
                      required: ['name', 'exchanges'],
                      properties: { name: { type: 'string' }, exchanges: { type: 'integer', minimum: 0 } },
                    },
                  },
                },
              },
              'Written',
            ),
            '400': errorResponse,
          },
        },
      },
      [`${p}/reset`]: {
        post: {
          summary: 'Reset sequence positions, stored data, simulated records and contract coverage of a session, or of all',
          description: 'Of every document, or with `spec` of that one only.',
          parameters: specParameters,
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { session: { type: 'string' } } } } } },
          responses: { '200': json({ type: 'object', properties: { reset: { type: 'string' } } }, 'Reset'), '400': errorResponse },
        },
      },
    },
  };
}

/** The document, made when first asked for in this process; the same for every server. */
let document: string | undefined;

export async function adminOpenApiRoute(app: FastifyInstance): Promise<void> {
  app.get(`${ADMIN_PREFIX}/openapi.json`, async (_request, reply) => {
    document ??= JSON.stringify(adminOpenApi());
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
