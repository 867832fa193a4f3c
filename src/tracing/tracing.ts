/**
 * OpenTelemetry traces of a server (docs/tracing.md), behind interfaces of the mock's own: nothing here
 * loads the SDK. `startTracing` imports it, so a server without tracing loads none of it and pays nothing
 * per request but a check of `exchange.trace`.
 */

import type { Tracing, TracingSettings } from './tracing-types.js';

export type * from './tracing-types.js';

/** Loads the OpenTelemetry SDK and starts a tracer that exports to `settings.endpoint`. */
export async function startTracing(settings: TracingSettings): Promise<Tracing> {
  const { otelTracing } = await import('./otel-tracing.js');
  return otelTracing(settings);
}
