import { drawDelay, MAX_DELAY_MS } from '../mock-extensions.js';
import type { DelaySpec } from './scenario-types.js';

export { MAX_DELAY_MS };

/**
 * Milliseconds to wait, drawn with the server's seeded randomness (so a seeded server replays the same
 * delays). Lognormal: median * e^(sigma * z), z standard normal (Box-Muller), the long tail of real
 * network latency.
 */
export function sampleDelay(spec: DelaySpec, random: () => number): number {
  switch (spec.kind) {
    case 'fixed':
      return spec.ms;
    case 'uniform':
      return drawDelay(spec, random);
    case 'lognormal': {
      const u = 1 - random();
      const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
      return Math.min(MAX_DELAY_MS, Math.round(spec.median * Math.exp(spec.sigma * z)));
    }
  }
}

export type RawDelay =
  | number
  | (({ fixed: number } | { uniform: [number, number] } | { lognormal: { median: number; sigma?: number } }) & { probability?: number });

/** The file's delay (already schema-checked) as a spec; a message when a range is upside down. */
export function compileDelay(raw: RawDelay | undefined): DelaySpec | undefined | string {
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') return { kind: 'fixed', ms: raw, probability: 1 };
  const probability = raw.probability ?? 1;
  if ('fixed' in raw) return { kind: 'fixed', ms: raw.fixed, probability };
  if ('uniform' in raw) {
    const [min, max] = raw.uniform;
    return min <= max ? { kind: 'uniform', min, max, probability } : `delay uniform range [${min}, ${max}] has min above max`;
  }
  return { kind: 'lognormal', median: raw.lognormal.median, sigma: raw.lognormal.sigma ?? 0.25, probability };
}
