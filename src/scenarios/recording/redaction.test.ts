import { describe, expect, it } from 'vitest';
import { REDACTED, redactBody, redactionOf } from './redaction.js';

describe('redaction of recordings', () => {
  it('adds --redact header names to the masked ones and reads pointers apart', () => {
    const redaction = redactionOf(['X-Secret', '/password'], { headers: new Set(['authorization']), query: new Set(['api_key']) });
    expect([...redaction.headers]).toEqual(['authorization', 'x-secret']);
    expect(redaction.pointers).toEqual([['password']]);
    expect([...redaction.query]).toEqual(['api_key']);
  });

  it('replaces what a pointer names, * standing for any key or index, and leaves the rest and the original alone', () => {
    const body = { password: 'p', items: [{ token: 't1', id: 1 }, { token: 't2' }], keep: { token: 'k' } };
    const redacted = redactBody(body, [['password'], ['items', '*', 'token'], ['absent', 'x']]);
    expect(redacted).toEqual({ password: REDACTED, items: [{ token: REDACTED, id: 1 }, { token: REDACTED }], keep: { token: 'k' } });
    expect(body.password).toBe('p');
    expect(redactBody('text', [['a']])).toBe('text');
  });
});
