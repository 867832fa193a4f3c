import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DurationHistogram } from './duration-histogram.js';

const BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const OBSERVED: [Record<string, string>, number][] = [
  [{ operation: 'createPlant' }, 0.0004],
  [{ operation: 'createPlant' }, 0.001],
  [{ operation: 'unmatched' }, 7],
  [{ operation: 'createPlant' }, 0.3],
  [{ spec: 'pets "v2"', operation: 'listPets' }, 0.02],
  [{ operation: 'unmatched' }, 0],
];

describe('DurationHistogram', () => {
  it("scrapes exactly as prom-client's own Histogram does for the same observations", async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'd_seconds',
      help: 'Durations.',
      labelNames: ['operation', 'spec'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    const ours = new Registry();
    const duration = new DurationHistogram('d_seconds', 'Durations.', BOUNDS, ours);
    const series = new Map<string, ReturnType<DurationHistogram['series']>>();
    for (const [labels, seconds] of OBSERVED) {
      histogram.labels(labels).observe(seconds);
      const key = JSON.stringify(labels);
      const handle = series.get(key) ?? duration.series(labels);
      series.set(key, handle);
      handle.observe(seconds);
    }
    const expected = await theirs.metrics();
    expect(expected).toContain('d_seconds_bucket{le="+Inf",spec="pets \\"v2\\"",operation="listPets"} 1');
    expect(await ours.metrics()).toBe(expected);
  });

  it('scrapes nothing but its help and type before the first observation', async () => {
    const registry = new Registry();
    new DurationHistogram('d_seconds', 'Durations.', BOUNDS, registry);
    expect(await registry.metrics()).toBe('# HELP d_seconds Durations.\n# TYPE d_seconds histogram\n');
  });
});
