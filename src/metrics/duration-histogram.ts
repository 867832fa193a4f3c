import type { Metric, Registry } from 'prom-client';

/** One series of the histogram: its labels, and what it counted so far. */
export class DurationSeries {
  /** Observations per bound (not cumulative); one above every bound counts only in `count`. */
  readonly buckets: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    readonly bounds: readonly number[],
  ) {
    this.buckets = new Float64Array(bounds.length);
  }

  observe(seconds: number): void {
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= (bounds[i] as number)) {
        this.buckets[i] = (this.buckets[i] as number) + 1;
        break;
      }
    }
    this.sum += seconds;
    this.count++;
  }
}

/** One exposition line's worth, as prom-client's registry reads it from a metric's get(). */
interface ValueLine {
  readonly labels: Record<string, string | number>;
  readonly value: number;
  readonly metricName: string;
}

/**
 * A histogram whose series are handles made once per label set (`series()`) and counted in plain
 * arrays; prom-client's registry reads it when scraped, in the shape and order its own Histogram
 * gives (`_bucket` per bound with `le` first, then `_sum` and `_count`, series in the order they were
 * made). prom-client's Histogram checks and hashes the labels on every observation, even through a
 * labelled child, which costs several times the counting itself on the request path.
 */
export class DurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #bounds: readonly number[];
  readonly #series: DurationSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    bounds: readonly number[],
    registry: Registry,
  ) {
    this.#bounds = [...bounds].sort((a, b) => a - b);
    // The registry reads only name, help, type, aggregator and get(), which this provides.
    registry.registerMetric(this as unknown as Metric);
  }

  /** A new series for these labels; the caller keeps it (one per label set). */
  series(labels: Readonly<Record<string, string>>): DurationSeries {
    const made = new DurationSeries(labels, this.#bounds);
    this.#series.push(made);
    return made;
  }

  async get() {
    const values: ValueLine[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, buckets, sum, count } of this.#series) {
      let cumulative = 0;
      this.#bounds.forEach((bound, i) => {
        cumulative += buckets[i] ?? 0;
        values.push({ labels: { le: bound, ...labels }, value: cumulative, metricName: bucketName });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: bucketName });
      values.push({ labels: { ...labels }, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...labels }, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
