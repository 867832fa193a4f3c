import { describe, expect, it } from 'vitest';
import { REDACTED, redactBody, redactedQuery, redactionOf } from './redaction.js';

describe('redaction of recordings', () => {
  it('adds --redact header names to the masked ones and reads pointers apart', () => {
    const redaction = redactionOf(['X-Secret', '/password'], { headers: new Set(['authorization']), query: new Set(['api_key']) });
    expect([...redaction.headers]).toEqual(['authorization', 'x-secret']);
    expect(redaction.pointers).toEqual([['password']]);
    expect([...redaction.query]).toEqual(['api_key']);
  });

  it('replaces what a pointer names, * standing for any key or index, and leaves the rest and the original alone', () => {
    const body = { note: 'p', items: [{ ref: 'r1', id: 1 }, { ref: 'r2' }], keep: { ref: 'k' } };
    const redacted = redactBody(body, [['note'], ['items', '*', 'ref'], ['absent', 'x']]);
    expect(redacted).toEqual({ note: REDACTED, items: [{ ref: REDACTED, id: 1 }, { ref: REDACTED }], keep: { ref: 'k' } });
    expect(body.note).toBe('p');
    expect(redactBody('text', [['a']])).toBe('text');
  });

  it('replaces members named like secrets at any depth, as the journal masks them, without a pointer', () => {
    const body = { name: 'Ficus', password: 'hunter2', auth: { client_secret: 's', accessToken: 't', scopes: ['a'] }, tokens: [1] };
    expect(redactBody(body, [])).toEqual({
      name: 'Ficus',
      password: REDACTED,
      auth: { client_secret: REDACTED, accessToken: REDACTED, scopes: ['a'] },
      tokens: [1],
    });
  });

  it('leaves query parameters named like secrets out, beside the credential places', () => {
    const redaction = redactionOf([], { headers: new Set(), query: new Set(['api_key']) });
    expect(['api_key', 'access_token', 'page'].filter((name) => redactedQuery(name, redaction))).toEqual(['api_key', 'access_token']);
  });
});
