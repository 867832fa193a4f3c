/** The mock's tracing interfaces (docs/tracing.md); ./otel-tracing.ts implements them with the OpenTelemetry SDK. */

/** An attribute's value as OpenTelemetry takes it. */
export type TraceValue = string | number | boolean | readonly string[];
export type TraceAttributes = Readonly<Record<string, TraceValue | undefined>>;

/** Where the spans go and who sends them: from `--otel-endpoint` and the standard `OTEL_*` variables the CLI reads. */
export interface TracingSettings {
  /** The OTLP/HTTP traces URL (`http://collector:4318/v1/traces`); spans are sent as protobuf. */
  readonly endpoint: string;
  /** Headers of every export request (`OTEL_EXPORTER_OTLP_HEADERS`), e.g. an API key of the collector. */
  readonly headers?: Readonly<Record<string, string>>;
  /** `service.name` of the spans (`OTEL_SERVICE_NAME`); default `plantstore-mock`. */
  readonly serviceName?: string;
  /** More resource attributes (`OTEL_RESOURCE_ATTRIBUTES`). */
  readonly resourceAttributes?: Readonly<Record<string, string>>;
}

/** A call the mock makes: a client span, and the headers that carry its context to the one called. */
export interface OutboundTrace {
  /** `traceparent` (and `tracestate`) of this span, to send with the call. */
  readonly headers: Readonly<Record<string, string>>;
  /** Ends the span: the status answered (none when the call failed), and why it failed. */
  end(status: number | undefined, attributes?: TraceAttributes, error?: string): void;
}

/** The server span of one request, started as it arrived (under the caller's `traceparent`, when it sent one). */
export interface RequestTrace {
  /** A client span under this one, for a call made on the request's behalf (the proxy's, a callback's). */
  outbound(name: string, attributes: TraceAttributes): OutboundTrace;
  /** Ends the span with the status answered (0: no answer was written) and what the mock knows of the answer. */
  end(name: string, status: number, attributes: TraceAttributes): void;
}

/** One server's tracer: its own provider and exporter, never the process's global ones. */
export interface Tracing {
  /** Starts the server span of a request that arrived at `startedAt` (epoch milliseconds). */
  request(method: string, headers: Readonly<Record<string, string | string[] | undefined>>, startedAt: number): RequestTrace;
  /** A client span with no request behind it (a webhook sent on an admin request). */
  outbound(name: string, attributes: TraceAttributes): OutboundTrace;
  /** Sends what is still buffered, then stops; resolves to why the last spans could not be sent, if they could not. */
  close(): Promise<string | undefined>;
}
