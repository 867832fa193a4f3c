import { describe, expect, it } from 'vitest';
import { hostileReport } from '../../test/contract-coverage/hostile-report.js';
import { checkGate } from './coverage-gate.js';
import type { CoverageReport } from './coverage-report.js';

const withServed = (served: number, documented: number): CoverageReport => {
  const report = hostileReport();
  return { ...report, summary: { ...report.summary, documentedResponses: documented, documentedResponsesServed: served, percent: 99.9 } };
};

describe('checkGate', () => {
  it('compares the counts, not the rounded percent', () => {
    expect(checkGate(withServed(1999, 2000), { min: 100 }).pass).toBe(false);
    expect(checkGate(withServed(2000, 2000), { min: 100 }).pass).toBe(true);
  });

  it('names what was never served when under --min', () => {
    const { pass, reason } = checkGate(hostileReport(), { min: 50 });
    expect(pass).toBe(false);
    expect(reason).toBe(
      'coverage 33.3% is below --min 50%: 1 of 3 documented responses served; never served: POST /a|b/<x> 4XX application/problem+json, GET /c 204',
    );
  });

  it('fails on violations only when asked, naming where they came from', () => {
    expect(checkGate(hostileReport(), {}).pass).toBe(true);
    expect(checkGate(hostileReport(), { noViolations: true }).reason).toBe(
      '3 request(s) broke the contract: POST /a|b/<x> (2), unmatched (1)',
    );
  });
});
