import type { DataGenerator } from '../generate/data-generator.js';
import { type EchoPlan, planEcho, type ValueCheck } from '../generate/echo.js';
import type { JsonSchema } from '../json/json-schema.js';
import { defaultStatus, findResponse } from '../openapi/find-response.js';
import { concreteMediaType, jsonContent, mediaKind } from '../openapi/media-type.js';
import type { MockContent, MockExample, MockOperation, MockResponseSpec } from '../openapi/operation.js';
import { type SequentialKind, sequentialKind } from '../openapi/sequential-media.js';
import { type Serialise, serialiserFor, unproducible, writtenContentType } from '../openapi/serialise-body.js';
import { documentValueCheck } from '../prism/prism-engine.js';
import type { EchoText } from './echo-text.js';
import { type HeaderPlan, planHeaders } from './header-plan.js';
import { createNegotiation, type Negotiate } from './negotiate.js';
import type { StreamPlan } from './stream-plan.js';

/** One media type of a response, ready to answer with. */
export interface Representation {
  readonly content: MockContent;
  /** The type answered: the document's, or a concrete member of the range it lists. */
  readonly mediaType: string;
  /** The Content-Type header sent. */
  readonly contentType: string;
  /** Undefined for JSON, which the reply stage writes itself. */
  readonly serialise: Serialise | undefined;
  /** Why the mock can write only a best-effort body in this type (another type the client takes is preferred), when so. */
  readonly unproducible: string | undefined;
  readonly echo: EchoPlan | undefined;
  /** The echo's compiled JSON writer, made on the first echo (null where the plan has none, see echo-text.ts). */
  echoText?: EchoText | null;
  /** The examples an answer may use unasked: the document's, less those that break the schema (unless served anyway). */
  readonly examples: readonly MockExample[];
  /** The examples that break the schema, by name, with what is wrong (answered only when asked for by name). */
  readonly invalidExamples: ReadonlyMap<string, string>;
  /** What static answers are built from: the schema less its invalid example and default words (unless served anyway). */
  readonly answerSchema: JsonSchema | undefined;
  /** Content-Type and every documented header: what static answers send. */
  readonly headers: Readonly<Record<string, string>>;
  /** Content-Type and the required documented headers: what generated answers send. */
  readonly dynamicHeaders: Readonly<Record<string, string>>;
  /** The static answer built from the schema, on first use (see DataGenerator.answer). */
  built?: { readonly body: unknown };
  /** A sequential media type (SSE, JSON Lines, ...): the answer is streamed item by item. */
  readonly sequential: SequentialKind | undefined;
  /** How it is streamed, planned on first use (see stream-plan.ts). */
  stream?: StreamPlan;
}

/** What the document says the answer with one status of one operation may be. */
export interface ResponsePlan {
  readonly status: number;
  /** In the document's order; empty when the response has no content. */
  readonly representations: readonly Representation[];
  /** Over every representation: the index of the best for an `Accept` header, -1 for none. */
  readonly negotiate: Negotiate;
  /** The same over the representations that have an example of that name (`Prefer: example=`). */
  negotiateExample(name: string): Choice;
  /** The same over the representations the mock can write, when some of the others it cannot. */
  readonly producible: Choice | undefined;
  /** The response's documented headers, for an answer without content. */
  readonly documentedHeaders: HeaderPlan;
  /** Where a body given as data goes (a scenario step's, a stored record): the JSON content, else the first. */
  readonly json: Representation | undefined;
}

/** A negotiation over some of a plan's representations. */
export interface Choice {
  readonly negotiate: Negotiate;
  readonly among: readonly Representation[];
}

export type ResponsePlans = (operation: MockOperation, forcedStatus: number | undefined) => ResponsePlan;

/**
 * Plans per operation and status, made once, on first use: a server on a large document plans only the
 * operations called. State of one pipeline, so of one server.
 */
export function createResponsePlans(generator: DataGenerator, serveInvalidExamples = false): ResponsePlans {
  const plans = new Map<MockOperation, Map<number, ResponsePlan>>();
  const planFor = (operation: MockOperation, status: number): ResponsePlan => {
    let byStatus = plans.get(operation);
    if (!byStatus) {
      byStatus = new Map();
      plans.set(operation, byStatus);
    }
    let plan = byStatus.get(status);
    if (!plan) {
      plan = makePlan(findResponse(operation, status), status, generator, serveInvalidExamples);
      byStatus.set(status, plan);
    }
    return plan;
  };
  // The default plan of each operation called, one lookup away on the request path.
  const defaults = new Map<MockOperation, ResponsePlan>();
  const defaultPlan = (operation: MockOperation): ResponsePlan => {
    const plan = planFor(operation, defaultStatus(operation));
    defaults.set(operation, plan);
    return plan;
  };
  return (operation, forcedStatus) =>
    forcedStatus === undefined ? (defaults.get(operation) ?? defaultPlan(operation)) : planFor(operation, forcedStatus);
}

function makePlan(response: MockResponseSpec | undefined, status: number, generator: DataGenerator, serveInvalid: boolean): ResponsePlan {
  const documentedHeaders = planHeaders(response, generator, serveInvalid);
  const representations = (response?.contents ?? []).map((content) => represent(content, documentedHeaders, serveInvalid));
  const byExample = new Map<string, Choice>();
  const producible = representations.filter((r) => r.unproducible === undefined);
  return {
    status,
    representations,
    negotiate: createNegotiation(representations.map((r) => r.mediaType)),
    negotiateExample(name) {
      let found = byExample.get(name);
      if (!found) {
        const among = representations.filter((r) => r.content.examples.some((e) => e.name === name));
        found = choice(among);
        byExample.set(name, found);
      }
      return found;
    },
    producible: producible.length > 0 && producible.length < representations.length ? choice(producible) : undefined,
    documentedHeaders,
    json: representations.find((r) => r.content === jsonContent(response?.contents)),
  };
}

function choice(among: readonly Representation[]): Choice {
  return { negotiate: createNegotiation(among.map((r) => r.mediaType)), among };
}

const NONE: ReadonlyMap<string, string> = new Map();

/** Values are checked against a part of a response schema with the references of the whole. */
function checkIn(schema: JsonSchema | undefined): ValueCheck {
  return (part) => documentValueCheck(part, schema?.__bundled__);
}

function represent(content: MockContent, documented: HeaderPlan, serveInvalid: boolean): Representation {
  // The first use of a response checks its examples (if the start-up sweep has not yet).
  const verdict = content.verdict?.();
  const invalidExamples = verdict?.invalid ?? NONE;
  const mediaType = concreteMediaType(content.mediaType);
  const kind = mediaKind(mediaType);
  const sequential = sequentialKind(mediaType);
  // A multipart body the mock writes itself says its boundary; a written-out example carries its own.
  const ownMultipart = sequential !== undefined || !content.examples.some((e) => typeof e.value === 'string');
  const contentType = writtenContentType(mediaType, kind, ownMultipart);
  return {
    content,
    mediaType,
    contentType,
    headers: { 'content-type': contentType, ...documented.all },
    dynamicHeaders: { 'content-type': contentType, ...documented.required },
    serialise: serialiserFor(kind, content.schema),
    unproducible: sequential === undefined ? unproducible(kind, content) : undefined,
    sequential,
    echo:
      sequential === undefined && (kind === 'json' || kind === 'xml' || kind === 'form')
        ? planEcho(content.schema, checkIn(content.schema))
        : undefined,
    examples: serveInvalid || invalidExamples.size === 0 ? content.examples : content.examples.filter((e) => !invalidExamples.has(e.name)),
    invalidExamples,
    answerSchema: serveInvalid || !verdict ? content.schema : verdict.schema,
  };
}
