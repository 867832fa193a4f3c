import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Exchange } from '../pipeline/types.js';

export interface RequestObservation {
  readonly exchange: Exchange | undefined;
  readonly status: number;
  readonly seconds: number;
}

export interface Metrics {
  readonly registry: Registry;
  observe(observation: RequestObservation): void;
}

/**
 * Prometheus metrics of one server, in its own registry (never prom-client's global one, so servers in
 * one process do not share counts). Labels are bounded: the operationId (or `unmatched`), the status,
 * the scenario name, the rejection code; never raw paths.
 */
export function createMetrics(journalSize: () => number): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'plantstore_mock_requests_total',
    help: 'API requests answered, by operation, status and scenario.',
    labelNames: ['operation', 'status', 'scenario'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'plantstore_mock_request_duration_seconds',
    help: 'Time from request to response, by operation.',
    labelNames: ['operation'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'plantstore_mock_validation_failures_total',
    help: 'Requests the mock rejected as breaking the contract, by operation and error code.',
    labelNames: ['operation', 'code'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'plantstore_mock_journal_entries',
    help: 'Entries the request journal holds now.',
    registers: [registry],
    collect() {
      this.set(journalSize());
    },
  });

  return {
    registry,
    observe({ exchange, status, seconds }) {
      const operation = exchange?.operation?.id ?? 'unmatched';
      requests.inc({ operation, status, scenario: scenarioOf(exchange) });
      duration.observe({ operation }, seconds);
      const source = exchange?.source;
      if (source?.startsWith('rejected ')) rejections.inc({ operation, code: source.slice('rejected '.length) });
    },
  };
}

/** The scenario that answered, `none` when the default behaviour did. */
function scenarioOf(exchange: Exchange | undefined): string {
  return exchange?.scenario ?? 'none';
}
