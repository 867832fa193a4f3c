import { describe, expect, it, vi } from 'vitest';
import { type ErrorShape, problemResponse } from './problem.js';

const shape: ErrorShape = {
  status: 403,
  headers: { 'content-type': 'application/problem+json', 'x-trace': 't' },
  body: { kind: 'object', template: { reason: 'r', extra: 1 }, messageKey: 'reason', codeKey: undefined, statusKey: undefined },
};

describe('problemResponse', () => {
  it('answers from the catalogue when the document shapes nothing', () => {
    const answer = problemResponse({ code: 'UNSUPPORTED_MEDIA_TYPE', params: { contentType: 'a/b', mediaTypes: 'c/d' } });
    expect(answer.status).toBe(415);
    expect(answer.headers).toEqual({ 'x-mock-error': 'UNSUPPORTED_MEDIA_TYPE' });
    expect(answer.body).toEqual({ error: 41501, message: 'Unsupported Content-Type a/b; supported: c/d' });
  });

  it('answers with the document`s status, headers and body, keeping the catalogue code in x-mock-error', () => {
    const findings = [{ location: 'security', path: [], code: 'missing-credentials', message: 'none' }] as const;
    const answer = problemResponse({ code: 'MISSING_CREDENTIALS', params: { details: 'none' }, findings, shape });
    expect(answer.status).toBe(403);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/problem+json',
      'x-trace': 't',
      'x-mock-error': 'MISSING_CREDENTIALS',
    });
    expect(answer.headers['x-mock-findings']).toContain('missing-credentials');
    expect(answer.body).toEqual({ reason: 'Authentication required: none', extra: 1 });
  });

  it('sends a challenge only with a 401', () => {
    const headers = { 'www-authenticate': 'Basic realm="plantstore-mock"' };
    expect(problemResponse({ code: 'MISSING_CREDENTIALS', headers, shape }).headers['www-authenticate']).toBeUndefined();
    const shaped401 = { ...shape, status: 401 };
    expect(problemResponse({ code: 'MISSING_CREDENTIALS', headers, shape: shaped401 }).headers['www-authenticate']).toBe(
      headers['www-authenticate'],
    );
  });

  it('writes the findings header from as many findings as fit, each written once', () => {
    const finding = (i: number) => ({ location: 'body', path: [String(i)], code: 'type', message: `must be object ${i}` }) as const;
    const findings = Array.from({ length: 2000 }, (_, i) => finding(i));
    const stringify = vi.spyOn(JSON, 'stringify');
    const header = problemResponse({ code: 'INVALID_REQUEST', params: { details: 'x' }, findings }).headers['x-mock-findings'] as string;
    const calls = stringify.mock.calls.length;
    stringify.mockRestore();
    // Only the findings that fit are written, not the whole list once per finding left out.
    expect(calls).toBeLessThan(200);
    expect(header.length).toBeLessThanOrEqual(4096);
    const list = JSON.parse(header) as Record<string, unknown>[];
    expect(list.slice(0, -1)).toEqual(findings.slice(0, list.length - 1));
    expect(list.at(-1)).toEqual({ truncated: findings.length - list.length + 1 });
    expect(header.length + JSON.stringify(findings[list.length - 1]).length + 1).toBeGreaterThan(4096);
    const few = findings.slice(0, 3);
    expect(problemResponse({ code: 'INVALID_REQUEST', params: { details: 'x' }, findings: few }).headers['x-mock-findings']).toBe(
      JSON.stringify(few),
    );
  });
});
