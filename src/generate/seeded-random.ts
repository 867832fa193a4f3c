import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';

const require = createRequire(import.meta.url);

/**
 * Uniform [0, 1) numbers from faker's Mersenne Twister, seeded: the same seed replays the same sequence.
 * faker loads on the first draw, not at start-up (most servers never draw). Its main entry loads every
 * locale (~200 ms); the locale-free base entry only exports an instance, whose class makes ours, and
 * `number.float()` on [0, 1) is exactly the randomizer's `next()`.
 */
export function createSeededRandom(seed: number): () => number {
  let faker: Faker | undefined;
  return () => {
    faker ??= seededFaker(seed);
    return faker.number.float({ min: 0, max: 1 });
  };
}

function seededFaker(seed: number): Faker {
  const base = (require('@faker-js/faker/locale/base') as { faker: Faker }).faker;
  const FakerClass = base.constructor as typeof Faker;
  const faker = new FakerClass({ locale: base.rawDefinitions });
  faker.seed(seed);
  return faker;
}

/**
 * Uniform [0, 1) numbers that depend only on the seed and a key (a session, a rule and its call's
 * position): whichever process draws them, and in whatever order requests arrive, the n-th draw for
 * a key is the same. Replicas sharing a store thus fault and delay a session's calls alike.
 */
export function keyedRandom(seed: number, key: string): () => number {
  let n = 0;
  return () => {
    const digest = createHash('sha256').update(`${seed}\u0000${key}\u0000${n++}`).digest();
    // 53 bits: every double in [0, 1) a Math.random() could give.
    return (digest.readUInt32BE(0) * 2 ** 21 + (digest.readUInt32BE(4) >>> 11)) / 2 ** 53;
  };
}
