/**
 * The OpenTelemetry SDK behind the mock's tracing interfaces (./tracing.ts): loaded only when tracing is on.
 * Each server has its own provider, exporter and propagator; nothing is registered globally, so a test
 * process's own OpenTelemetry set-up is neither replaced nor fed the mock's spans.
 */
import { type Attributes, type Context, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { OutboundTrace, TraceAttributes, Tracing, TracingSettings } from './tracing-types.js';

/** How long closing waits for the last spans to be taken by the collector. */
const CLOSE_WAIT_MS = 3_000;

const HEADER_GETTER = {
  keys: (carrier: Readonly<Record<string, unknown>>) => Object.keys(carrier),
  get: (carrier: Readonly<Record<string, unknown>>, key: string) => carrier[key] as string | string[] | undefined,
};
const HEADER_SETTER = {
  set: (carrier: Record<string, string>, key: string, value: string) => {
    carrier[key] = value;
  },
};

export function otelTracing(settings: TracingSettings): Tracing {
  const exporter = new OTLPTraceExporter({ url: settings.endpoint, headers: { ...settings.headers } });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ ...settings.resourceAttributes, 'service.name': settings.serviceName ?? 'plantstore-mock' }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  const tracer = provider.getTracer('plantstore-mock');
  const propagator = new W3CTraceContextPropagator();

  const outbound = (name: string, attributes: TraceAttributes, parent: Context): OutboundTrace => {
    const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes: defined(attributes) }, parent);
    const headers: Record<string, string> = {};
    propagator.inject(trace.setSpan(parent, span), headers, HEADER_SETTER);
    return {
      headers,
      end(status, more, error) {
        if (more) span.setAttributes(defined(more));
        if (status !== undefined) span.setAttribute('http.response.status_code', status);
        // A client's call failed when it got no answer or an error status (4xx too, unlike a server's).
        if (status === undefined || status >= 400) {
          span.setAttribute('error.type', status === undefined ? 'failed' : String(status));
          span.setStatus({ code: SpanStatusCode.ERROR, ...(error === undefined ? {} : { message: error }) });
        }
        span.end();
      },
    };
  };

  return {
    request(method, headers, startedAt) {
      const parent = propagator.extract(ROOT_CONTEXT, headers, HEADER_GETTER);
      const span = tracer.startSpan(method, { kind: SpanKind.SERVER, startTime: startedAt }, parent);
      const own = trace.setSpan(ROOT_CONTEXT, span);
      return {
        outbound: (name, attributes) => outbound(name, attributes, own),
        end: (name, status, attributes) => endServerSpan(span, name, status, attributes),
      };
    },
    outbound: (name, attributes) => outbound(name, attributes, ROOT_CONTEXT),
    async close() {
      // Bounded: a collector that is down or slow must not hold the server's close, nor fail it.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer from ${settings.endpoint} in ${CLOSE_WAIT_MS} ms`), CLOSE_WAIT_MS);
      });
      const flushed = provider.shutdown().then(
        () => undefined,
        (error: unknown) => `${settings.endpoint}: ${error instanceof Error ? error.message : String(error)}`,
      );
      try {
        return await Promise.race([flushed, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function endServerSpan(span: Span, name: string, status: number, attributes: TraceAttributes): void {
  span.updateName(name);
  span.setAttributes(defined(attributes));
  // Status 0: the connection was cut or held without an answer (a scenario's fault, the client gone).
  if (status !== 0) span.setAttribute('http.response.status_code', status);
  if (status === 0 || status >= 500) {
    span.setAttribute('error.type', status === 0 ? 'no-answer' : String(status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

function defined(attributes: TraceAttributes): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) kept[key] = value as Attributes[string];
  return kept;
}
