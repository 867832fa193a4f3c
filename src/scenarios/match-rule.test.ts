import { describe, expect, it } from 'vitest';
import type { Exchange } from '../pipeline/types.js';
import { compileMatch, MAX_REGEX_INPUT, matches } from './match-rule.js';

const exchange = (body: unknown): Exchange => ({
  method: 'POST',
  path: '/plants',
  query: {},
  headers: {},
  rawBody: undefined,
  session: {},
  body,
});

describe('match conditions', () => {
  it('runs a regex that could backtrack on the linear engine, and rejects one that engine cannot run', () => {
    expect(compileMatch({ body: { '/name': { regex: '(x*)*(?=y)\\1' } } })).toContain('could backtrack catastrophically');
    const linear = compileMatch({ body: { '/name': { regex: '^(x*)*y$' } } });
    if (typeof linear === 'string') throw new Error(linear);
    const regex = [...linear.body][0]?.[1].regex;
    const started = performance.now();
    expect(regex?.test(`${'x'.repeat(5000)}!`)).toBe(false);
    expect(regex?.test('xxy')).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000); // apart from backtracking's hours, on a loaded machine too
    expect(compileMatch({ body: { '/name': { regex: '[' } } })).toContain('invalid regex');
  });

  it('never tests a regex against a value longer than the bound', () => {
    const match = compileMatch({ body: { '/name': { regex: 'a' } } });
    if (typeof match === 'string') throw new Error(match);
    expect(matches(match, exchange({ name: 'a' }), new Map())).toBe(true);
    expect(matches(match, exchange({ name: 'a'.repeat(MAX_REGEX_INPUT + 1) }), new Map())).toBe(false);
  });

  it('compares big integers exactly and treats integers as numbers', () => {
    const match = compileMatch({ body: { '/id': { equals: '9223372036854775807', type: 'number' } } });
    if (typeof match === 'string') throw new Error(match);
    expect(matches(match, exchange({ id: 9223372036854775807n }), new Map())).toBe(true);
    expect(matches(match, exchange({ id: 1 }), new Map())).toBe(false);
  });
});
