import { describe, expect, it } from 'vitest';
import { entryOf, JOURNAL_BODY_LIMIT } from './record-entry.js';

function answered(responseText: string, status = 200) {
  const exchange = { method: 'POST', path: '/plants', query: {}, headers: {}, rawBody: undefined, session: {} };
  return entryOf(exchange, status, { 'content-type': 'application/json' }, 1, responseText);
}

describe('the journal entry of an answer', () => {
  it('keeps a long response body up to the limit, never cutting a character in half', () => {
    const cutInPair = `${'a'.repeat(JOURNAL_BODY_LIMIT - 1)}🌿tail`;
    expect(answered(cutInPair).responseBody).toBe('a'.repeat(JOURNAL_BODY_LIMIT - 1));
    const cutAfterPair = `${'a'.repeat(JOURNAL_BODY_LIMIT - 2)}🌿tail`;
    expect(answered(cutAfterPair).responseBody).toBe(`${'a'.repeat(JOURNAL_BODY_LIMIT - 2)}🌿`);
    expect(answered('{"name":"x"}').responseBody).toBe('{"name":"x"}');
  });

  it('records a fault that answered nothing as status 0, without response headers or body', () => {
    const fault = answered('{"name":"x"}', 0);
    expect(fault.status).toBe(0);
    expect(fault.responseHeaders).toEqual({});
    expect(fault.responseBody).toBeUndefined();
    expect(answered('{"name":"x"}').responseHeaders).toEqual({ 'content-type': 'application/json' });
  });
});
