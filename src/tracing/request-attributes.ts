import { answerOf, describeProvenance, type Provenance } from '../provenance.js';
import type { TraceAttributes } from './tracing-types.js';

/** What a server span says of a request: the parts of an exchange it reads (src/pipeline/types.ts has them all). */
export interface TracedExchange {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly session: { readonly id?: string };
  readonly document?: { readonly name: string; readonly base: string; readonly sentPath: string };
  readonly operation?: { readonly id: string; readonly path: string };
  readonly answer?: { readonly provenance: Provenance };
  readonly waived?: readonly unknown[];
}

/** How the request reached the mock, as the HTTP side knows it. */
export interface Connection {
  readonly scheme: string;
  readonly protocolVersion: string;
  readonly clientAddress: string | undefined;
}

/**
 * The span's name (`GET /plants/{id}`: the route, as HTTP's semantic conventions name a server span) and
 * its attributes: HTTP's, then the mock's own under `mock.`, read from the exchange's typed provenance.
 */
export function requestSpan(exchange: TracedExchange, connection: Connection): { name: string; attributes: TraceAttributes } {
  const base = exchange.document && exchange.document.base !== '/' ? exchange.document.base : '';
  const route = exchange.operation ? `${base}${exchange.operation.path}` : undefined;
  const provenance = exchange.answer?.provenance;
  const answer = answerOf(provenance);
  const host = first(exchange.headers.host);
  const port = host === undefined ? undefined : /:(\d+)$/.exec(host)?.[1];
  return {
    name: route === undefined ? exchange.method : `${exchange.method} ${route}`,
    attributes: {
      'http.request.method': exchange.method,
      'url.path': exchange.document?.sentPath ?? exchange.path,
      'url.scheme': connection.scheme,
      'http.route': route,
      'network.protocol.version': connection.protocolVersion,
      'client.address': connection.clientAddress,
      'server.address': host?.replace(/:\d+$/, ''),
      'server.port': port === undefined ? undefined : Number(port),
      'user_agent.original': first(exchange.headers['user-agent']),
      'mock.document': exchange.document?.name,
      'mock.operation_id': exchange.operation?.id,
      'mock.session': exchange.session.id,
      'mock.provenance': provenance?.kind,
      'mock.source': provenance === undefined ? undefined : describeProvenance(provenance),
      ...answerAttributes(provenance, answer),
      'mock.findings.count': findingsOf(exchange, answer),
    },
  };
}

function answerAttributes(provenance: Provenance | undefined, answer: Provenance | undefined): TraceAttributes {
  const fallback = provenance?.kind === 'fallback' ? { 'mock.fallback.reason': provenance.reason } : {};
  switch (answer?.kind) {
    case 'scenario':
      return { ...fallback, 'mock.scenario': answer.name, 'mock.scenario.rule': answer.rule, 'mock.scenario.step': answer.step };
    case 'rejected':
      return { ...fallback, 'mock.rejection.code': answer.code };
    case 'upstream-failed':
      return { ...fallback, 'mock.rejection.code': answer.code };
    case 'proxied':
      return { ...fallback, 'mock.drift.kinds': answer.drift.length === 0 ? undefined : [...new Set(answer.drift.map((d) => d.kind))] };
    case 'state':
      return { ...fallback, 'mock.state.action': answer.action };
    default:
      return fallback;
  }
}

/** How many ways the request broke the contract: rejected for, answered despite (validation off), or forwarded with. */
function findingsOf(exchange: TracedExchange, answer: Provenance | undefined): number {
  if (answer?.kind === 'rejected') return answer.findings?.length ?? 0;
  if (answer?.kind === 'proxied') return answer.violations?.length ?? 0;
  return exchange.answer?.provenance?.waived?.findings.length ?? exchange.waived?.length ?? 0;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
