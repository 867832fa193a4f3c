import type { ResponsePlans } from '../answer/response-plans.js';
import type { SelectResponse } from '../answer/select-response.js';
import type { DataGenerator } from '../generate/data-generator.js';
import type { MockResponse } from '../mock-response.js';
import { defaultStatus, findResponse } from '../openapi/find-response.js';
import { isJsonMediaType, jsonContent } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import { resourceNoun } from '../openapi/resource-noun.js';
import type { Exchange } from '../pipeline/types.js';
import { problemResponse } from '../problem.js';
import { OFF_CONTRACT_HEADER } from '../protocol.js';
import { sampleDelay } from './delay.js';
import type { Step } from './scenario-types.js';
import { scriptedStream } from './stream-step.js';
import { renderString, renderTemplate } from './template.js';

export interface RespondParts {
  readonly generator: DataGenerator;
  /** The server's response plans, for the documented headers of a step's status. */
  readonly plans: ResponsePlans;
  /** The server's response selector, for steps that only set a status, a delay or a fault. */
  readonly select: SelectResponse;
}

/** What templates can refer to: `/body`, `/query`, `/headers`, `/params` of the request, `/stored/KEY` of the session. */
function templateContext(exchange: Exchange, stored: ReadonlyMap<string, unknown>): unknown {
  return { body: exchange.body, query: exchange.query, headers: exchange.headers, params: exchange.pathParams ?? {}, stored };
}

/** The answer a step gives to a request, before faults and delays. */
export function stepResponse(step: Step, exchange: Exchange, stored: ReadonlyMap<string, unknown>, parts: RespondParts): MockResponse {
  const operation = exchange.operation as MockOperation;
  const context = templateContext(exchange, stored);
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(step.headers)) extra[name] = headerText(renderString(value, context));
  if (step.offContract !== undefined) extra[OFF_CONTRACT_HEADER] = headerText(step.offContract);
  const status = step.status ?? defaultStatus(operation);
  // The documented response's required headers go out as a generated answer sends them, unless the
  // step sets them itself or says it leaves the contract on purpose.
  const required = (answered: number) =>
    step.offContract === undefined ? parts.plans(operation, answered).documentedHeaders.required : {};
  const json = (body: unknown): MockResponse => {
    const headers = { ...required(status), 'content-type': mediaTypeOf(operation, status), ...extra };
    // A text body under a media type other than JSON (as recordings keep one) is sent as the text itself.
    if (typeof body === 'string' && !isJsonMediaType(headers['content-type'] ?? '')) return { status, headers, body, payload: body };
    return { status, headers, body };
  };
  const body = step.body;
  switch (body?.kind) {
    case 'literal':
      return json(body.value);
    case 'template':
      return json(renderTemplate(body.value, context));
    case 'generate': {
      const schema = findResponse(operation, status)?.contents[0]?.schema;
      return json(schema ? parts.generator.generate(schema, body.seed) : null);
    }
    case 'error': {
      // Catalogue messages about records name them as the document does (`A plant with id 42 ...`).
      const params: Record<string, string> = { resource: resourceNoun(operation.path) };
      for (const [name, value] of Object.entries(body.params))
        params[name] = textOf(typeof value === 'string' ? renderString(value, context) : value);
      const problem = problemResponse({ code: body.code, params });
      return {
        ...problem,
        headers: { ...required(problem.status), 'content-type': mediaTypeOf(operation, problem.status), ...problem.headers, ...extra },
      };
    }
    case undefined: {
      const stream = step.stream;
      const selection = stream
        ? { status: step.status, streamCount: stream.count, streamInterval: stream.intervalMs }
        : { status: step.status };
      const { response } = parts.select(exchange, selection);
      const answer = { ...response, headers: { ...response.headers, ...extra } };
      return stream ? scriptedStream(stream, answer) : answer;
    }
  }
}

/** Adds the step's fault (when its probability draws it) and delay to an answer. */
export function withChaos(response: MockResponse, step: Step, random: () => number): MockResponse {
  const fault = step.fault && (step.fault.probability >= 1 || random() < step.fault.probability) ? step.fault.kind : undefined;
  const delay = step.delay && (step.delay.probability >= 1 || random() < step.delay.probability) ? step.delay : undefined;
  const delayMs = delay ? sampleDelay(delay, random) : 0;
  if (fault === undefined && delayMs === 0) return response;
  return { ...response, ...(fault ? { fault } : {}), ...(delayMs > 0 ? { delayMs } : {}) };
}

function mediaTypeOf(operation: MockOperation, status: number): string {
  return jsonContent(findResponse(operation, status)?.contents)?.mediaType ?? 'application/json';
}

/** Header values are Latin-1 without control characters; request data rendered into one may not be. */
function headerText(value: unknown): string {
  return textOf(value).replace(/[^\t\x20-\x7e\xa0-\xff]/g, '?');
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}
