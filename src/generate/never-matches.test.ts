import { describe, expect, it } from 'vitest';
import { neverMatches } from './never-matches.js';

describe('neverMatches', () => {
  it('finds a regular-expression literal written as a pattern, wrapped or not', () => {
    for (const pattern of ['/^[0-9]{5}$/i', '.*/^[\\d]{12}$/.*', '^a$/', 'x\\/^y', '.*\\/^\\d+$\\/.*']) {
      expect(neverMatches(pattern), pattern).toBe(true);
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
  });

  it('leaves patterns some string matches', () => {
    for (const pattern of ['^/api/.*$', '^[/^]+$', '/^a|b', '(x/^)?b', '^a$/?', '^a$/*', 'a\\/b', '^\\^/$', '[/]^?']) {
      expect(neverMatches(pattern), pattern).toBe(false);
    }
    expect(neverMatches(undefined)).toBe(false);
  });

  it('agrees with the engine on the strings a literal pattern would want', () => {
    for (const [pattern, text] of [
      ['.*/^[\\d]{12}$/.*', '/123456789012/'],
      ['/^[0-9]{5}$/i', '/12345/i'],
    ] as const) {
      expect(new RegExp(pattern, 'u').test(text)).toBe(false);
    }
  });
});
