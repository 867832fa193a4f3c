import { coverageQuerySchema, coverageResetQuerySchema } from './coverage-routes.js';

type Parameters = (schema: { readonly properties: Readonly<Record<string, unknown>> }) => unknown[];

const count = { type: 'integer', minimum: 0 } as const;
const counts = { type: 'object', additionalProperties: count, description: 'By catalogue code (`x-mock-error`).' } as const;

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
            description: 'echo, example, dynamic, generated, empty, scenario, state, forced, rejected, fault, other.',
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
  };
}
