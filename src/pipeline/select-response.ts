import type { DataGenerator } from '../generate/data-generator.js';
import { echo } from '../generate/echo.js';
import type { MockResponse } from '../mock-response.js';
import { createResponsePlans, type ResponsePlan, type ResponsePlans } from './response-plans.js';
import type { Exchange } from './types.js';

export interface ResponseSelectorOptions {
  readonly generator: DataGenerator;
  /** Generate every body from its schema unless a request says `dynamic=false`. */
  readonly dynamic: boolean;
}

/**
 * Response selection: the forced or default status, then the body in the media type negotiation
 * chose: a named example, generated data (dynamic or seeded), the request echoed into the response
 * schema (2xx), the first example, or the static answer built from the schema's words (once per
 * representation, on first use), in that order; written as that media type.
 */
export function createResponseSelector(
  options: ResponseSelectorOptions,
  plans: ResponsePlans = createResponsePlans(options.generator),
): (exchange: Exchange) => MockResponse {
  return (exchange) => {
    const operation = exchange.operation;
    if (!operation) throw new Error('response selection needs a routed operation');
    const forcing = exchange.forcing ?? {};
    // A scenario step may force a status after negotiation: its plan is negotiated here, the same way.
    const negotiated = exchange.plan !== undefined && (forcing.code === undefined || forcing.code === exchange.plan.status);
    const plan = negotiated ? (exchange.plan as ResponsePlan) : plans(operation, forcing.code);
    const representation = negotiated
      ? exchange.representation
      : (plan.representations[plan.negotiate(exchange.headers.accept)] ?? plan.representations[0]);
    const content = representation?.content;
    const dynamic = forcing.dynamic ?? (forcing.seed !== undefined || options.dynamic);
    // Static answers send every documented header, generated ones the required headers only.
    const all = !dynamic || forcing.example !== undefined;
    const headers = representation
      ? all
        ? representation.headers
        : representation.dynamicHeaders
      : all
        ? plan.documentedHeaders.all
        : plan.documentedHeaders.required;
    const respond = (body: unknown, source: string): MockResponse => {
      exchange.source = source;
      const serialise = representation?.serialise;
      return serialise === undefined
        ? { status: plan.status, headers, body }
        : { status: plan.status, headers, body, payload: serialise(body) };
    };
    if (!content) return respond(undefined, describe(forcing.code, 'empty'));
    const schema = content.schema;
    const generate = () => (schema ? options.generator.generate(schema, forcing.seed) : null);
    if (forcing.example !== undefined) {
      const example = content.examples.find((e) => e.name === forcing.example);
      return respond(example?.value, describe(forcing.code, `example=${forcing.example}`));
    }
    if (dynamic)
      return respond(generate(), describe(forcing.code, forcing.seed === undefined ? 'dynamic' : `dynamic seed=${forcing.seed}`));
    const first = content.examples[0];
    const fallback = () => {
      if (first) return first.value;
      representation.built ??= { body: schema ? options.generator.answer(schema) : null };
      return representation.built.body;
    };
    if (representation.echo && plan.status < 300 && exchange.body !== undefined)
      return respond(echo(representation.echo, exchange.body, fallback), describe(forcing.code, 'echo'));
    return respond(fallback(), describe(forcing.code, first ? `example=${first.name}` : 'generated'));
  };
}

function describe(code: number | undefined, body: string): string {
  return code === undefined ? body : `code=${code} ${body}`;
}
