import { describe, expect, it } from 'vitest';
import { TextRing } from './text-ring.js';

describe('TextRing', () => {
  it('keeps the last `capacity` texts, oldest first', () => {
    const ring = new TextRing(3, 1024);
    for (const text of ['a', 'b', 'c', 'd', 'e']) ring.push(text);
    expect(ring.texts()).toEqual(['c', 'd', 'e']);
    expect(ring.size).toBe(3);
  });

  it('grows its buffer as texts arrive, keeping every text, then laps at full size', () => {
    const ring = new TextRing(1000, 200_000);
    const texts = Array.from({ length: 600 }, (_, i) => `${i}:${'é'.repeat(100 + (i % 7) * 50)}`);
    for (const [i, text] of texts.entries()) {
      expect(ring.push(text)).toBe(true);
      if (i === 10) expect(ring.texts()).toEqual(texts.slice(0, 11));
    }
    const kept = ring.texts();
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual(texts.slice(texts.length - kept.length));
  });

  it('keeps multi-byte text exactly across many laps of its buffer', () => {
    const ring = new TextRing(4, 160);
    const texts = Array.from({ length: 200 }, (_, i) => `${i}:${'é🌿'.repeat(i % 5)}`);
    for (const text of texts) ring.push(text);
    expect(ring.texts()).toEqual(texts.slice(-4));
  });

  it('evicts as many old texts as a large one needs, and never splits a text at the end of the buffer', () => {
    const ring = new TextRing(10, 30);
    for (const text of ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc']) ring.push(text);
    expect(ring.push('d'.repeat(25))).toBe(true);
    expect(ring.texts()).toEqual(['d'.repeat(25)]);
    ring.push('eeeee');
    expect(ring.texts()).toEqual(['d'.repeat(25), 'eeeee']);
    ring.push('ffff');
    expect(ring.texts()).toEqual(['eeeee', 'ffff']);
  });

  it('refuses a text larger than its buffer and keeps what it had', () => {
    const ring = new TextRing(2, 8);
    ring.push('abc');
    expect(ring.push('123456789')).toBe(false);
    expect(ring.push('ééééé')).toBe(false);
    expect(ring.texts()).toEqual(['abc']);
  });

  it('keeps nothing with capacity 0, and nothing after clear', () => {
    const none = new TextRing(0, 1024);
    expect(none.push('a')).toBe(false);
    expect(none.texts()).toEqual([]);
    const ring = new TextRing(2, 1024);
    ring.push('a');
    ring.clear();
    expect(ring.texts()).toEqual([]);
    ring.push('b');
    expect(ring.texts()).toEqual(['b']);
  });

  it('keeps a text pushed in parts as one text, measured whole', () => {
    const ring = new TextRing(3, 64);
    expect(ring.push('{"a":1}\n', 'bödy', '')).toBe(true);
    expect(ring.push('x'.repeat(20), 'é'.repeat(10), 'y'.repeat(10))).toBe(true);
    expect(ring.texts()).toEqual(['{"a":1}\nbödy', `${'x'.repeat(20)}${'é'.repeat(10)}${'y'.repeat(10)}`]);
    expect(ring.push('z'.repeat(40), 'z'.repeat(30))).toBe(false);
  });
});
