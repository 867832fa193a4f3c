import { describe, expect, it } from 'vitest';
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
});
