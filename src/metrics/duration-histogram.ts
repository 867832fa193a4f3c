import type { Metric, Registry } from 'prom-client';

/** One exposition line's worth, as prom-client's registry reads it from a metric's get(). */
interface ValueLine {
  readonly labels: Record<string, string | number>;
  readonly value: number;
  readonly metricName: string;
}

/**
 * A histogram of durations by operation, counted in plain arrays as requests are answered and read by
 * prom-client's registry when scraped, in the shape its own Histogram gives (`_bucket` per bound with
 * `le`, then `_sum` and `_count`, per operation). prom-client's Histogram checks and hashes the labels
 * of every observation, several times the cost of counting it; here an observation is a Map lookup and
 * two additions.
 */
export class DurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #bounds: readonly number[];
  readonly #byOperation = new Map<string, { readonly buckets: Float64Array; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    bounds: readonly number[],
    registry?: Registry,
  ) {
    this.#bounds = [...bounds].sort((a, b) => a - b);
    registry?.registerMetric(this.asMetric());
  }

  /** This histogram as prom-client's registry reads it: name, help, type, aggregator and get(). */
  asMetric(): Metric {
    return this as unknown as Metric;
  }

  observe(operation: string, seconds: number): void {
    let tally = this.#byOperation.get(operation);
    if (tally === undefined) {
      tally = { buckets: new Float64Array(this.#bounds.length), sum: 0, count: 0 };
      this.#byOperation.set(operation, tally);
    }
    const bounds = this.#bounds;
    let at = 0;
    while (at < bounds.length && seconds > (bounds[at] as number)) at++;
    if (at < bounds.length) tally.buckets[at] = (tally.buckets[at] ?? 0) + 1;
    tally.sum += seconds;
    tally.count++;
  }

  reset(): void {
    this.#byOperation.clear();
  }

  async get() {
    const values: ValueLine[] = [];
    for (const [operation, { buckets, sum, count }] of this.#byOperation) {
      let cumulative = 0;
      this.#bounds.forEach((bound, i) => {
        cumulative += buckets[i] ?? 0;
        values.push({ labels: { le: bound, operation }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', operation }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels: { operation }, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: { operation }, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
