import { coverageQuerySchema, coverageResetQuerySchema, driftQuerySchema } from './coverage-routes.js';

type Parameters = (schema: { readonly properties: Readonly<Record<string, unknown>> }) => unknown[];

const count = { type: 'integer', minimum: 0 } as const;
const counts = { type: 'object', additionalProperties: count, description: 'By catalogue code (`x-mock-error`).' } as const;

/** With `--proxy`: what the real service answered for one operation and how it drifted (docs/proxy.md). */
const upstreamSchema = {
  type: 'object',
  required: ['answers', 'drifting', 'byKind', 'findings'],
  properties: {
    answers: { ...count, description: 'Answers the real service gave through the proxy.' },
    drifting: { ...count, description: 'Answers that broke the document.' },
    byKind: {
      type: 'object',
      additionalProperties: count,
      description: 'Drifting answers by kind: status, media-type, header, body, int64.',
    },
    findings: {
      type: 'array',
      description: 'Each distinct drift once (the first 20), with the answers that had it.',
      items: {
        type: 'object',
        required: ['kind', 'message', 'answers'],
        properties: { kind: { type: 'string' }, message: { type: 'string' }, answers: count },
      },
    },
  },
} as const;

/** The JSON shape of GET /__mock/coverage (src/contract-coverage/coverage-report.ts). */
export const coverageReportSchema = {
  type: 'object',
  required: ['session', 'summary', 'operations', 'unmatched'],
  properties: {
    session: { type: ['string', 'null'], description: 'The session the report is narrowed to; null for every request.' },
    summary: {
      type: 'object',
      required: [
        'operations',
        'operationsExercised',
        'documentedResponses',
        'documentedResponsesServed',
        'percent',
        'violations',
        'requests',
      ],
      properties: {
        operations: count,
        operationsExercised: { ...count, description: 'Operations that received at least one request.' },
        documentedResponses: { ...count, description: 'Documented (status x media type) pairs; a response without content counts once.' },
        documentedResponsesServed: count,
        percent: { type: 'number', description: 'documentedResponsesServed / documentedResponses, rounded down to one decimal.' },
        violations: { ...count, description: 'Requests the contract rejects (forced and scenario answers are not violations).' },
        requests: count,
        upstreamAnswers: { ...count, description: 'With `--proxy`, once the real service answered: its answers.' },
        driftingAnswers: { ...count, description: 'Of those, the answers that drifted from the document.' },
      },
    },
    operations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['method', 'path', 'requests', 'violations', 'rejected', 'answeredBy', 'responses', 'neverSent'],
        properties: {
          method: { type: 'string' },
          path: { type: 'string', description: 'As written in the document.' },
          operationId: { type: 'string', description: 'Absent when the document gives none.' },
          requests: count,
          violations: count,
          rejected: counts,
          answeredBy: {
            type: 'object',
            additionalProperties: count,
            description:
              'echo, example, dynamic, generated, empty, scenario, state, forced, rejected, proxied, fallback, upstream-failed, fault, other.',
          },
          responses: {
            type: 'array',
            items: {
              type: 'object',
              required: ['status', 'documented', 'served'],
              properties: {
                status: { type: 'string', description: 'The documented code (`200`, `4XX`, `default`) or the undocumented status served.' },
                documented: { type: 'boolean' },
                served: count,
                mediaTypes: {
                  type: 'array',
                  items: { type: 'object', properties: { mediaType: { type: ['string', 'null'] }, served: count } },
                },
                undocumentedMediaType: { ...count, description: 'Answers with a media type this response does not document.' },
              },
            },
          },
          neverSent: {
            type: 'array',
            items: { type: 'string' },
            description: 'Optional top-level body properties, query and header parameters, and enum values no valid request sent.',
            examples: [['body.tag', 'query.status=sold']],
          },
          upstream: upstreamSchema,
        },
      },
    },
    unmatched: { type: 'object', properties: { requests: count, violations: count, rejected: counts } },
    documentFindings: {
      type: 'array',
      description: 'What the mock found wrong in the document: examples and defaults it never serves unasked, templates it cannot route.',
      items: {
        type: 'object',
        properties: { kind: { type: 'string' }, pointer: { type: 'string' }, operation: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

/** The admin OpenAPI document's entries for the coverage endpoints. */
export function coveragePaths(prefix: string, parameters: Parameters, errors: Record<string, unknown>): Record<string, unknown> {
  const text = { schema: { type: 'string' } };
  return {
    [`${prefix}/coverage`]: {
      get: {
        summary: 'Contract coverage: operations and documented responses exercised, requests that broke the contract',
        parameters: parameters(coverageQuerySchema),
        responses: {
          '200': {
            description: 'The report, in the format asked for',
            content: {
              'application/json': { schema: coverageReportSchema },
              'application/xml': text,
              'text/markdown': text,
              'text/plain': text,
            },
          },
          ...errors,
        },
      },
      delete: {
        summary: 'Forget the coverage counted so far, or one session`s',
        parameters: parameters(coverageResetQuerySchema),
        responses: {
          '200': {
            description: 'Reset',
            content: { 'application/json': { schema: { type: 'object', properties: { reset: { type: 'string' } } } } },
          },
          ...errors,
        },
      },
    },
    [`${prefix}/drift`]: {
      get: {
        summary: 'With --proxy: where the real service`s answers broke the document, per operation (docs/proxy.md)',
        parameters: parameters(driftQuerySchema),
        responses: {
          '200': {
            description: 'The drift report, in the format asked for',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['session', 'summary', 'operations'],
                  properties: {
                    session: { type: ['string', 'null'] },
                    summary: {
                      type: 'object',
                      properties: { upstreamAnswers: count, driftingAnswers: count, operationsDrifting: count },
                    },
                    operations: {
                      type: 'array',
                      items: {
                        ...upstreamSchema,
                        required: ['method', 'path', ...upstreamSchema.required],
                        properties: {
                          method: { type: 'string' },
                          path: { type: 'string' },
                          operationId: { type: 'string' },
                          ...upstreamSchema.properties,
                        },
                      },
                    },
                  },
                },
              },
              'application/xml': text,
              'text/markdown': text,
            },
          },
          ...errors,
        },
      },
    },
    [`${prefix}/proxy`]: {
      get: {
        summary: 'With --proxy: the real service, and whether a session`s requests go to it',
        parameters: [{ name: 'session', in: 'query', schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' } }],
        responses: { '200': { description: 'The proxy', content: { 'application/json': { schema: proxyStateSchema } } }, ...errors },
      },
      put: {
        summary: 'Turn the proxy on or off for one session (or the requests without one); null: back to on',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['proxy'],
                additionalProperties: false,
                properties: { session: { type: ['string', 'null'] }, proxy: { enum: ['on', 'off', null] } },
              },
            },
          },
        },
        responses: { '200': { description: 'The proxy', content: { 'application/json': { schema: proxyStateSchema } } }, ...errors },
      },
    },
  };
}

const proxyStateSchema = {
  type: 'object',
  properties: {
    upstream: { type: ['string', 'null'], description: 'The --proxy URL; null without one.' },
    session: { type: ['string', 'null'] },
    proxy: {
      enum: ['on', 'off'],
      description: 'Whether the session`s requests go to the real service (X-Mock-Proxy overrides it per request).',
    },
  },
} as const;
