import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RecordedExchange } from './recorded-exchange.js';
import { recordingText } from './recording-file.js';

const exchange = (body: unknown, answer: unknown, query: Record<string, string> = {}, findings: string[] = []): RecordedExchange => ({
  operationId: 'createPlant',
  request: { query, params: {}, body },
  step: { status: 200, headers: { 'content-type': 'application/json' }, body: answer },
  findings,
});

describe('a recording as a scenario file', async () => {
  it('matches only the request parts that differ between exchanges, an object where another has a field below it', async () => {
    const file = parse(
      await recordingText(
        'd',
        [exchange({ id: 1, pot: { size: 3 } }, { name: 'a' }, { v: '1' }), exchange({ id: 1, pot: 'none' }, { name: 'b' }, { v: '1' })],
        undefined,
      ),
    );
    expect(file.rules.map((r: { match: unknown }) => r.match)).toEqual([
      { body: { '/pot': { equals: 'none' }, '/pot/size': { exists: false } } },
      { body: { '/pot': { equals: { size: 3 } }, '/pot/size': { equals: 3 } } },
    ]);
  });

  it('answers requests that match alike in turn, and writes the same text whatever order the rules were first seen in', async () => {
    const a = exchange({ id: 1 }, { name: 'first' });
    const b = exchange({ id: 1 }, { name: 'second' });
    const c = exchange({ id: 2 }, { name: 'other' });
    const text = await recordingText('d', [a, b, c], undefined);
    expect(parse(text).rules[0].sequence.map((s: { body: unknown }) => s.body)).toEqual([{ name: 'first' }, { name: 'second' }]);
    expect(await recordingText('d', [c, a, b], undefined)).toBe(text);
  });

  it('marks a drifting answer offContract: true with its findings as a comment, and big integers in matchers as text', async () => {
    const text = await recordingText(
      'd',
      [exchange({ id: 2n ** 63n }, { tag: 'x' }, {}, ['body: must have required property']), exchange({ id: 1 }, {})],
      'store',
    );
    expect(text).toContain("# The real service's answer drifts from the document:\n      # - body: must have required property");
    const file = parse(text);
    expect(file.spec).toBe('store');
    expect(file.rules[0].respond.offContract).toBe(true);
    expect(file.rules[0].match.body['/id']).toEqual({ equals: '9223372036854775808' });
  });
});

describe('writing a full recording', () => {
  it('lets the event loop turn while a full file (200 answers of 30 plants) is made', async () => {
    const answers = Array.from({ length: 200 }, (_, i) =>
      exchange(
        { id: i % 50 },
        Array.from({ length: 30 }, (_, k) => ({ id: i * 100 + k, name: `plant ${k} `.repeat(3), tags: ['a', 'b'] })),
      ),
    );
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const started = performance.now();
    const text = await recordingText('d', answers, undefined);
    const took = performance.now() - started;
    clearInterval(timer);
    longest = Math.max(longest, performance.now() - last);
    expect(parse(text).rules).toHaveLength(50);
    // Made in one piece, the longest wait is the whole time; made in slices, a small share of it, however busy the machine.
    expect(longest, `longest turn ${longest.toFixed(0)} ms of ${took.toFixed(0)} ms`).toBeLessThan(took / 4);
  });
});
