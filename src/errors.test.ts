import { describe, expect, it } from 'vitest';
import { ERRORS, formatMessage } from './errors.js';

describe('the error catalogue', () => {
  const entries = Object.entries(ERRORS);

  it('gives every error a unique int32 value that starts with its status', () => {
    const values = entries.map(([, e]) => e.error);
    expect(new Set(values).size).toBe(values.length);
    for (const [, e] of entries) {
      expect(Number.isInteger(e.error) && e.error < 2 ** 31 && e.error > -(2 ** 31)).toBe(true);
      expect(String(e.error).startsWith(String(e.status))).toBe(true);
    }
  });

  it('fills message placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('NOT_FOUND', { method: 'GET', path: '/x' })).toBe('No operation matches GET /x');
    expect(formatMessage('NOT_FOUND', { method: 'GET' })).toBe('No operation matches GET {path}');
  });
});
