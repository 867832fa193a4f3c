import type { DataGenerator } from '../generate/data-generator.js';
import type { MockResponse } from '../mock-response.js';
import { isJsonMediaType } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Answer, Exchange } from '../pipeline/types.js';
import type { Provenance } from '../provenance.js';
import { ErrorShapes } from './error-shape.js';
import { createResponsePlans, type ResponsePlans } from './response-plans.js';
import { createResponseSelector, type ResponseSelectorOptions, type Selection } from './select-response.js';

/**
 * What a caller wants of an answer: a selection (a status, an example by name, generated data, a
 * stream's count and pace), each defaulting to the request's own forcing, then the document's choice;
 * with headers of its own added last.
 */
export interface SelectionWant extends Selection {
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: undefined;
  readonly generate?: undefined;
}

/**
 * A body the caller made as data (a scenario step's literal, template or error body; a stored record),
 * or one to generate from the schema; sent as JSON in the status's JSON representation (its own choice,
 * not negotiated), with the status's required documented headers unless `documented` is 'none'.
 */
export interface GivenWant {
  readonly status: number;
  /** The body, or what makes it when it is sent at all (`withoutContent: 'none'`). */
  readonly body?: { readonly value: unknown } | { readonly make: () => unknown };
  /** Data generated from the schema of the content the answer is labelled with, seeded when asked. */
  readonly generate?: { readonly seed?: number };
  readonly headers?: Readonly<Record<string, string>>;
  /** 'none': no documented header (a step that leaves the contract on purpose; the simulator's own answers). */
  readonly documented?: 'required' | 'none';
  /** A status documented without content: send the body as `application/json` anyway ('json'), or no body ('none'). */
  readonly withoutContent?: 'json' | 'none';
  /** Where the answer came from, as its caller describes it. */
  readonly provenance: Provenance;
}

export type Want = SelectionWant | GivenWant;

/** The one way to make an answer: the default selection, scenario steps, the stateful simulator and the proxy's fallback ask it. */
export type Compose = (exchange: Exchange, want?: Want) => Answer;

/**
 * What every answer of one server (one document load) is made from: one set of response plans, one
 * set of error shapes, and the composer over them. The pipeline, the scenarios and the stateful
 * simulator all use these.
 */
export interface Answering {
  readonly plans: ResponsePlans;
  readonly errorShapes: ErrorShapes;
  readonly compose: Compose;
}

export function createAnswering(options: ResponseSelectorOptions, operations: readonly MockOperation[] = []): Answering {
  const plans = createResponsePlans(options.generator, options.serveInvalidExamples);
  const select = createResponseSelector(options, plans);
  const given = (exchange: Exchange, want: GivenWant) => composeGiven(exchange.operation, want, plans, options.generator);
  const compose: Compose = (exchange, want) => {
    if (want === undefined) return select(exchange);
    if (want.body !== undefined || want.generate !== undefined) return given(exchange, want as GivenWant);
    const extra = want.headers;
    const answer = select(exchange, want as Selection);
    if (extra === undefined) return answer;
    return { response: { ...answer.response, headers: { ...answer.response.headers, ...extra } }, provenance: answer.provenance };
  };
  return { plans, errorShapes: new ErrorShapes(options.generator, operations), compose };
}

/** A given (or generated) body in the status's JSON representation, its headers decided here once. */
function composeGiven(operation: MockOperation | undefined, want: GivenWant, plans: ResponsePlans, generator: DataGenerator): Answer {
  if (!operation) throw new Error('an answer needs a routed operation');
  const plan = plans(operation, want.status);
  const representation = plan.json;
  const status = want.status;
  const documented = want.documented === 'none' ? undefined : plan.documentedHeaders.required;
  if (representation === undefined && want.withoutContent === 'none')
    return { response: { status, headers: { ...documented, ...want.headers }, body: undefined }, provenance: want.provenance };
  const contentType = representation?.content.mediaType ?? 'application/json';
  const headers: Record<string, string> = { ...documented, 'content-type': contentType, ...want.headers };
  const given = want.body;
  const schema = representation?.content.schema;
  const body =
    given === undefined ? (schema ? generator.generate(schema, want.generate?.seed) : null) : 'make' in given ? given.make() : given.value;
  // A text body under a media type other than JSON (as recordings keep one) is sent as the text itself.
  const response: MockResponse =
    typeof body === 'string' && !isJsonMediaType(headers['content-type'] ?? '')
      ? { status, headers, body, payload: body }
      : { status, headers, body };
  return { response, provenance: want.provenance };
}
