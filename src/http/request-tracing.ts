import type { FastifyRequest } from 'fastify';
import type { Exchange } from '../mock/mock-surface.js';
import { requestSpan } from '../tracing/request-attributes.js';
import type { RequestTrace, Tracing } from '../tracing/tracing.js';

/** The server span of a request, started at its arrival (`startedAt`, on the performance clock). */
export function startRequestTrace(tracing: Tracing, request: FastifyRequest): RequestTrace {
  return tracing.request(request.method, request.headers, performance.timeOrigin + request.startedAt);
}

/**
 * Ends the server span of an answered request: the one started as the pipeline took it, or, for one it never
 * saw (a preflight, one over the limits), one started now at its arrival, so every API request has its span.
 */
export function endRequestTrace(tracing: Tracing, request: FastifyRequest, exchange: Exchange, status: number): void {
  const trace = exchange.trace ?? startRequestTrace(tracing, request);
  const { name, attributes } = requestSpan(exchange, {
    scheme: request.protocol,
    protocolVersion: request.raw.httpVersion,
    clientAddress: request.ip,
  });
  trace.end(name, status, attributes);
}
