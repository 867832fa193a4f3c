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

  it('fills every template as a placeholder-by-placeholder replacement does, whatever the values hold', () => {
    const values = ['', 'x', '{details}', '$&', '{', 3, 0];
    for (const [code, e] of entries) {
      const names = [...e.message.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
      for (const [i, value] of values.entries()) {
        // Every placeholder filled, then every other one left out.
        const params = Object.fromEntries(names.filter((_, n) => i % 2 === 0 || n % 2 === 0).map((n) => [n, value]));
        const expected = e.message.replace(/\{(\w+)\}/g, (whole, name: string) =>
          params[name] === undefined ? whole : String(params[name]),
        );
        expect(formatMessage(code as keyof typeof ERRORS, params), code).toBe(expected);
      }
    }
  });
});
