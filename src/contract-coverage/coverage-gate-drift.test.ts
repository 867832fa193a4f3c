import { describe, expect, it } from 'vitest';
import { checkGate } from './coverage-gate.js';
import type { CoverageReport } from './coverage-report.js';

const report = (drifting: number): CoverageReport => ({
  session: null,
  summary: {
    operations: 1,
    operationsExercised: 1,
    documentedResponses: 1,
    documentedResponsesServed: 1,
    percent: 100,
    violations: 0,
    requests: 3,
    upstreamAnswers: 3,
    driftingAnswers: drifting,
  },
  operations: [
    {
      method: 'POST',
      path: '/plants',
      requests: 3,
      violations: 0,
      rejected: {},
      answeredBy: { proxied: 3 },
      responses: [],
      neverSent: [],
      upstream: { answers: 3, drifting, byKind: drifting > 0 ? { body: drifting } : {}, findings: [] },
    },
  ],
  unmatched: { requests: 0, violations: 0, rejected: {} },
  documentFindings: [],
});

describe('the coverage gate with --no-drift', () => {
  it('fails when an answer of the real service drifted, naming the operation and the kinds', () => {
    const verdict = checkGate(report(2), { noDrift: true });
    expect(verdict.pass).toBe(false);
    expect(verdict.reason).toBe('2 answer(s) of the real service drifted from the document: POST /plants (2: body)');
  });

  it('passes when none did, or when drift is allowed', () => {
    expect(checkGate(report(0), { noDrift: true }).pass).toBe(true);
    expect(checkGate(report(2), {}).pass).toBe(true);
  });
});
