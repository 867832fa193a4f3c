import { describe, expect, it } from 'vitest';
import { hasAnchor } from './yaml-fast.js';

const ANCHOR = /(?:^|[:\-[{,])[ \t]*&[^\s,[\]{}]/m;

describe('hasAnchor', () => {
  it('finds what the multiline expression finds', () => {
    const texts = [
      'a: &x 1',
      '&x a: 1',
      'a:\n  - &x 1',
      'a: [1, &x 2]',
      'a: {b: &x 1}',
      'a:\t&x 1',
      'a:\r&x 1',
      'a:\u2028&x 1',
      'description: Q&A and a&b',
      'url: https://x?a=1&b=2',
      'a: & b',
      'a: &',
      'a: &[x]',
      'a: x &y',
      '',
      '&',
      'x\n \t &y',
      'a: "&x"',
    ];
    for (const text of texts) expect(hasAnchor(text), JSON.stringify(text)).toBe(ANCHOR.test(text));
  });

  it('agrees with it on texts drawn from the characters that matter', () => {
    const alphabet = ' \t\n\r:-[]{},&ax"\u2028';
    let seed = 7;
    const draw = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: draw() % 12 }, () => alphabet[draw() % alphabet.length]).join('');
      expect(hasAnchor(text), JSON.stringify(text)).toBe(ANCHOR.test(text));
    }
  });
});
