import { formObject } from '../document/form-echo.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { clientFieldNames, echo } from '../generate/echo.js';
import { stringifyJson } from '../json/stringify-json.js';
import type { MockResponse } from '../mock-response.js';
import type { Answer, Exchange } from '../pipeline/types.js';
import { findingsHeaders } from '../problem.js';
import type { Provenance, SelectedBody } from '../provenance.js';
import { echoText } from './echo-text.js';
import { headersWithOwnAddress, withOwnAddress } from './own-address.js';
import { recordOf, withSeededRecords } from './records-by-id.js';
import { withRelativeUris } from './relative-uris.js';
import { withRequestIdentifiers } from './request-identifiers.js';
import { createResponsePlans, type Representation, type ResponsePlans } from './response-plans.js';
import { planStream, streamAnswer } from './stream-plan.js';

export interface ResponseSelectorOptions {
  readonly generator: DataGenerator;
  /** Generate every body from its schema unless a request says `dynamic=false`. */
  readonly dynamic: boolean;
  /** Serve the document's examples that break their schema (`--serve-invalid-examples`). */
  readonly serveInvalidExamples?: boolean;
}

/** What a caller asks of the answer; a request's own forcing when none is given. */
export interface Selection {
  readonly status?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
  readonly seed?: number;
  /** Streams: how many items, and the pause between two (`Prefer: stream-count, stream-interval`). */
  readonly streamCount?: number;
  readonly streamInterval?: number;
}

export type SelectResponse = (exchange: Exchange, selection?: Selection) => Answer;

/**
 * Response selection: the asked-for (or the request's forced, or the default) status, then the body in
 * the media type negotiation chose: a named example, generated data (dynamic or seeded), the request
 * echoed into the response schema (2xx), the first example, or the static answer built from the
 * schema's words (once per representation, on first use), in that order; written as that media type.
 */
export function createResponseSelector(
  options: ResponseSelectorOptions,
  plans: ResponsePlans = createResponsePlans(options.generator, options.serveInvalidExamples),
): SelectResponse {
  return (exchange, selection) => {
    const operation = exchange.operation;
    if (!operation) throw new Error('response selection needs a routed operation');
    const forcing = exchange.asked?.forcing;
    const asked: Selection = selection ?? (forcing === undefined ? NOTHING : { ...forcing, status: forcing.code });
    // A status asked for after negotiation (a scenario step's) is negotiated here, the same way.
    const chosen = exchange.negotiated;
    const negotiated = chosen !== undefined && (asked.status === undefined || asked.status === chosen.plan.status);
    const plan = negotiated ? chosen.plan : plans(operation, asked.status);
    const representation = negotiated
      ? chosen.representation
      : (plan.representations[plan.negotiate(exchange.headers.accept)] ?? plan.representations[0]);
    const content = representation?.content;
    const dynamic = asked.dynamic ?? (asked.seed !== undefined || options.dynamic);
    // Static answers send every documented header, generated ones the required headers only.
    const all = !dynamic || asked.example !== undefined;
    const headers = representation
      ? all
        ? representation.headers
        : representation.dynamicHeaders
      : all
        ? plan.documentedHeaders.all
        : plan.documentedHeaders.required;
    const respond = (answer: unknown, made: SelectedBody, sent = headers): Answer => {
      const serialise = representation?.serialise;
      // An answer about /pets/42 is about pet 42 (not an example asked for by name: it is answered as written).
      const params = exchange.pathParams;
      const identified =
        plan.status < 300 && asked.example === undefined
          ? withRelativeUris(
              params === undefined ? answer : withRequestIdentifiers(answer, representation?.content.schema, params, operation.path),
              representation?.content.schema,
              params ?? {},
              operation,
            )
          : answer;
      // Links to the document's own servers lead back to the mock (again, not in an example asked for by name).
      const body =
        asked.example === undefined ? withOwnAddress(identified, operation, exchange.headers, representation?.content.schema) : identified;
      const payload =
        serialise !== undefined
          ? serialise(body)
          : body === answer && (made === STATIC || made.kind === 'example')
            ? sharedJson(body)
            : made === ECHO && representation !== undefined
              ? echoJson(representation, body)
              : undefined;
      const linked = asked.example === undefined ? headersWithOwnAddress(sent, operation, exchange.headers) : sent;
      const response: MockResponse =
        payload === undefined ? { status: plan.status, headers: linked, body } : { status: plan.status, headers: linked, body, payload };
      // A request that forced its answer says so; a caller's selection is described by the caller.
      const provenance: Provenance =
        selection === undefined && forcing !== undefined ? { kind: 'forced', code: forcing.code, body: made } : made;
      return { response, provenance };
    };
    if (!content) return respond(undefined, EMPTY);
    if (representation.sequential !== undefined) {
      const fallback = () => representation.examples[0]?.value ?? staticBody(representation, options.generator);
      const { chunks, made } = streamAnswer(streamPlanOf(representation), steerOf(exchange, asked, dynamic), options.generator, fallback);
      const provenance: Provenance =
        selection === undefined && forcing !== undefined ? { kind: 'forced', code: forcing.code, body: made } : made;
      return { response: { status: plan.status, headers, body: undefined, stream: chunks }, provenance };
    }
    const schema = content.schema;
    // A generated 2xx answer about a record, or listing records, is made from their identifiers (records-by-id.ts).
    const records = plan.status < 300;
    if (asked.example !== undefined) {
      const example = content.examples.find((e) => e.name === asked.example);
      const invalid = representation.invalidExamples.get(asked.example);
      if (invalid === undefined) return respond(example?.value, { kind: 'example', name: asked.example });
      // Asked for by name, an invalid example is served, saying what is wrong with it.
      return respond(
        example?.value,
        { kind: 'example', name: asked.example, invalid },
        { ...headers, ...invalidExampleHeader(asked.example, invalid) },
      );
    }
    if (dynamic) {
      const made: SelectedBody = asked.seed === undefined ? DYNAMIC : { kind: 'generated', dynamic: true, seed: asked.seed };
      if (!schema) return respond(null, made);
      const mode = { dynamic: true, seed: asked.seed };
      const record = records ? recordOf(schema, exchange.pathParams, options.generator, mode) : undefined;
      if (record) return respond(record.body, made);
      const body = options.generator.generate(schema, asked.seed);
      return respond(records ? withSeededRecords(body, schema, options.generator, mode) : body, made);
    }
    const first = representation.examples[0];
    if (representation.echo && plan.status < 300 && exchange.body !== undefined) {
      const fallback = () => (first ? first.value : staticBody(representation, options.generator));
      const echoed = echo(representation.echo, echoSource(exchange), fallback, clientFields(exchange));
      if (echoed) return respond(echoed, ECHO);
    }
    if (first) return respond(first.value, { kind: 'example', name: first.name });
    const answerSchema = representation.answerSchema;
    const record = records && answerSchema ? recordOf(answerSchema, exchange.pathParams, options.generator, STATIC_RECORD) : undefined;
    return respond(record ? record.body : staticBody(representation, options.generator), STATIC);
  };
}

/**
 * The JSON text of the shared answers (the document's examples and the static answers built once per
 * representation), written once: they are never changed, and a large one costs more to write than the
 * rest of its request. Shared by servers like the document they come from.
 */
const SHARED_JSON = new WeakMap<object, string>();
function sharedJson(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  let text = SHARED_JSON.get(body);
  if (text === undefined) {
    text = stringifyJson(body);
    SHARED_JSON.set(body, text);
  }
  return text;
}

/** What an echo reads of the request: its parsed body, or a form's fields as an object (form-echo.ts). */
function echoSource(exchange: Exchange): unknown {
  const body = exchange.body;
  const contentType = exchange.headers['content-type'];
  if (typeof body !== 'string' || contentType === undefined) return body;
  const essence = contentType.split(';', 1)[0]?.trim().toLowerCase();
  const schema = exchange.operation?.requestBody?.contents.find((c) => c.mediaType.toLowerCase() === essence)?.schema;
  return formObject(contentType, body, schema) ?? body;
}

/** The loose names of the fields any of the operation's request bodies has (echo.ts), found once per operation. */
const CLIENT_FIELDS = new WeakMap<object, ReadonlySet<string> | null>();
function clientFields(exchange: Exchange): ReadonlySet<string> | undefined {
  const requestBody = exchange.operation?.requestBody;
  if (!requestBody) return undefined;
  let names = CLIENT_FIELDS.get(requestBody);
  if (names === undefined) {
    names = clientFieldNames(requestBody.contents.map((content) => content.schema)) ?? null;
    CLIENT_FIELDS.set(requestBody, names);
  }
  return names ?? undefined;
}

/** An echo's JSON text from the representation's compiled writer, where it has one that takes the body. */
function echoJson(representation: Representation, body: unknown): string | undefined {
  let write = representation.echoText;
  if (write === undefined) {
    write = (representation.echo && echoText(representation.echo)) ?? null;
    representation.echoText = write;
  }
  return write === null ? undefined : write(body);
}

/** The answer built from the schema's words, once per representation. */
function staticBody(representation: Representation, generator: DataGenerator): unknown {
  const answerSchema = representation.answerSchema;
  // A list's records are those their details answer (records-by-id.ts): made once, with the rest.
  representation.built ??= {
    body: answerSchema ? withSeededRecords(generator.answer(answerSchema), answerSchema, generator, STATIC_RECORD) : null,
  };
  return representation.built.body;
}

function streamPlanOf(representation: Representation) {
  representation.stream ??= planStream(
    representation.sequential as NonNullable<Representation['sequential']>,
    representation.content,
    representation.examples,
  );
  return representation.stream;
}

function steerOf(exchange: Exchange, asked: Selection, dynamic: boolean) {
  const lastEventId = exchange.headers['last-event-id'];
  return {
    count: asked.streamCount,
    intervalMs: asked.streamInterval,
    seed: asked.seed,
    example: asked.example,
    dynamic: dynamic && asked.example === undefined,
    lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
  };
}

function invalidExampleHeader(name: string, message: string): Record<string, string> {
  return findingsHeaders([
    { location: 'forcing', path: ['example'], code: 'invalid-example', message: `example ${name} breaks its schema: ${message}` },
  ]);
}

const NOTHING: Selection = {};
const STATIC_RECORD = { dynamic: false } as const;
const EMPTY: SelectedBody = { kind: 'empty' };
const ECHO: SelectedBody = { kind: 'echo' };
const DYNAMIC: SelectedBody = { kind: 'generated', dynamic: true };
const STATIC: SelectedBody = { kind: 'generated', dynamic: false };
