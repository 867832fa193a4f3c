import { describe, expect, it } from 'vitest';
import { echo, planEcho } from '../generate/echo.js';
import { echoText } from './echo-text.js';

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters JSON writes plainly and those it escapes: quotes, backslashes, controls, lone and paired surrogates. */
const PIECES = [
  'a',
  'Z',
  ' ',
  'é',
  '€',
  '\u2028',
  '"',
  '\\',
  '/',
  '\n',
  '\u0000',
  '\u001f',
  '\u007f',
  '\ud83c\udf3f',
  '\ud800',
  '\udfff',
  'x'.repeat(40),
];

function text(next: () => number): string {
  const length = Math.floor(next() * 8) ** 2;
  let out = '';
  for (let i = 0; i < length; i++) out += PIECES[Math.floor(next() * PIECES.length)];
  return next() < 0.05 ? out.repeat(200) : out;
}

const NAMES = ['name', 'tag', 'say "hi"', 'back\\slash', 'émoji 🌿', 'line\nbreak', ''];

describe('echoText', () => {
  it('writes what JSON.stringify writes for every body of a string-only plan, in any subset of its keys', () => {
    const next = random(29);
    const schema = { type: 'object', properties: Object.fromEntries(NAMES.map((name) => [name, { type: 'string' }])) };
    const plan = planEcho(schema);
    const write = plan && echoText(plan);
    expect(write).toBeDefined();
    for (let i = 0; i < 3000; i++) {
      const body: Record<string, unknown> = {};
      for (const name of NAMES) if (next() < 0.6) body[name] = next() < 0.05 ? undefined : text(next);
      expect(write?.(body)).toBe(JSON.stringify(body));
    }
  });

  it('writes the echo of a request as JSON.stringify does', () => {
    const plan = planEcho({ type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } });
    const write = plan && echoText(plan);
    for (const request of [{ id: 1, name: 'Monstera deliciosa', tag: 'tropical' }, { name: 'Fern' }, { tag: 'x', name: 'a"b' }]) {
      const body = plan && echo(plan, request, () => ({}));
      expect(write?.(body)).toBe(JSON.stringify(body));
    }
  });

  it('leaves to JSON.stringify a body it cannot be sure to write the same', () => {
    const plan = planEcho({ type: 'object', properties: { name: { type: 'string' }, tag: { type: 'string' } } });
    const write = plan && echoText(plan);
    const other = Object.create({ inherited: true }) as Record<string, unknown>;
    other.name = 'x';
    for (const body of [
      { name: 1 },
      { name: null },
      { name: 'x', tag: { nested: 'y' } },
      { tag: 'y', name: 'x' },
      { name: 'x', extra: 'z' },
      { name: 'x', toJSON: () => 'other' },
      other,
      ['x'],
      'x',
      null,
    ])
      expect(write?.(body)).toBeUndefined();
  });

  it('is made only for plans whose every property is a string, with no index keys', () => {
    const of = (properties: Record<string, unknown>) => {
      const plan = planEcho({ type: 'object', properties });
      return plan && echoText(plan);
    };
    expect(of({ name: { type: 'string' } })).toBeDefined();
    expect(of({ name: { type: 'string' }, id: { type: 'integer' } })).toBeUndefined();
    expect(of({ name: { type: ['string', 'null'] } })).toBeUndefined();
    expect(of({ name: {} })).toBeUndefined();
    expect(of({ 1: { type: 'string' } })).toBeUndefined();
    expect(of(JSON.parse('{"__proto__":{"type":"string"}}'))).toBeUndefined();
    expect(of({ constructor: { type: 'string' }, name: { type: 'string' } })).toBeUndefined();
    expect(of({ toString: { type: 'string' } })).toBeUndefined();
  });
});
