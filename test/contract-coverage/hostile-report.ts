import type { CoverageReport } from '../../src/contract-coverage/coverage-report.js';

/** A report with every kind of row, and names carrying markup and table syntax. */
export function hostileReport(): CoverageReport {
  return {
    session: null,
    summary: {
      operations: 2,
      operationsExercised: 1,
      documentedResponses: 3,
      documentedResponsesServed: 1,
      percent: 33.3,
      violations: 3,
      requests: 6,
    },
    operations: [
      {
        method: 'POST',
        path: '/a|b/<x>',
        operationId: 'op"&\'<]]>\u0001',
        requests: 5,
        violations: 2,
        rejected: { INVALID_REQUEST: 2 },
        answeredBy: { echo: 3, rejected: 2 },
        responses: [
          { status: '200', documented: true, served: 3, mediaTypes: [{ mediaType: 'application/json', served: 3 }] },
          { status: '4XX', documented: true, served: 0, mediaTypes: [{ mediaType: 'application/problem+json', served: 0 }] },
          { status: '500', documented: false, served: 1 },
        ],
        neverSent: ['body.a|b', 'query.q=<script>'],
      },
      {
        method: 'GET',
        path: '/c',
        requests: 0,
        violations: 0,
        rejected: {},
        answeredBy: {},
        responses: [{ status: '204', documented: true, served: 0, mediaTypes: [{ mediaType: null, served: 0 }] }],
        neverSent: [],
      },
    ],
    unmatched: { requests: 1, violations: 1, rejected: { NOT_FOUND: 1 } },
    documentFindings: [],
  };
}
