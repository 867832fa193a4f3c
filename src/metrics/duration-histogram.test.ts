import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DurationHistogram } from './duration-histogram.js';

const BOUNDS = [0.001, 0.01, 0.1, 1];
const OBSERVED: [string, number][] = [
  ['createPlant', 0.0004],
  ['createPlant', 0.001],
  ['createPlant', 0.05],
  ['unmatched', 3],
  ['createPlant', 0.0100001],
  ['unmatched', 0],
];

describe('the duration histogram', () => {
  it("exposes exactly what prom-client's own Histogram exposes for the same observations", async () => {
    const ours = new Registry();
    const histogram = new DurationHistogram('x_seconds', 'Help text.', BOUNDS, ours);
    const theirs = new Registry();
    const reference = new Histogram({
      name: 'x_seconds',
      help: 'Help text.',
      labelNames: ['operation'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    for (const [operation, seconds] of OBSERVED) {
      histogram.observe(operation, seconds);
      reference.observe({ operation }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('x_seconds_bucket{le="0.001",operation="createPlant"} 2');
  });

  it('starts again from nothing when reset', async () => {
    const registry = new Registry();
    const histogram = new DurationHistogram('x_seconds', 'Help text.', BOUNDS, registry);
    histogram.observe('createPlant', 0.5);
    registry.resetMetrics();
    expect(await registry.metrics()).toBe('# HELP x_seconds Help text.\n# TYPE x_seconds histogram\n');
  });
});
