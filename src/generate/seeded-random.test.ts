import { generateMersenne53Randomizer } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random.js';

describe('createSeededRandom', () => {
  it('draws the same sequence as faker’s seeded Mersenne randomizer, so seeded servers replay as before', () => {
    const random = createSeededRandom(4242);
    const reference = generateMersenne53Randomizer();
    reference.seed(4242);
    for (let i = 0; i < 200; i++) expect(random()).toBe(reference.next());
  });

  it('gives independent sequences per call, in [0, 1)', () => {
    const a = createSeededRandom(7);
    const b = createSeededRandom(7);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(createSeededRandom(8)()).not.toBe(first[0]);
  });
});
