import type { Compose } from '../answer/compose.js';
import type { ResponsePlans } from '../answer/response-plans.js';
import type { DataGenerator } from '../generate/data-generator.js';
import type { MockResponse } from '../mock-response.js';
import { defaultStatus } from '../openapi/find-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { resourceNoun } from '../openapi/resource-noun.js';
import type { Exchange } from '../pipeline/types.js';
import { problemResponse } from '../problem.js';
import { OFF_CONTRACT_HEADER } from '../protocol.js';
import type { Provenance } from '../provenance.js';
import { sampleDelay } from './delay.js';
import type { Step } from './scenario-types.js';
import { scriptedStream } from './stream-step.js';
import { renderString, renderTemplate } from './template.js';

export interface RespondParts {
  readonly generator: DataGenerator;
  /** The server's response plans (the recorded steps' check reads them). */
  readonly plans: ResponsePlans;
  /** The server's one way to make an answer: every step asks it. */
  readonly compose: Compose;
}

/** What templates can refer to: `/body`, `/query`, `/headers`, `/params` of the request, `/stored/KEY` of the session. */
function templateContext(exchange: Exchange, stored: ReadonlyMap<string, unknown>): unknown {
  return { body: exchange.body, query: exchange.query, headers: exchange.headers, params: exchange.pathParams ?? {}, stored };
}

/** Where a step's answer came from is the scenario responder's to say (it knows the rule, the step and the chaos). */
const STEP: Provenance = { kind: 'empty' };

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
  const documented = step.offContract === undefined ? 'required' : 'none';
  const given = (answered: number, value: unknown, headers: Record<string, string> = extra): MockResponse =>
    parts.compose(exchange, { status: answered, body: { value }, headers, documented, provenance: STEP }).response;
  const body = step.body;
  switch (body?.kind) {
    case 'literal':
      return given(status, body.value);
    case 'template':
      return given(status, renderTemplate(body.value, context));
    case 'generate':
      // Generated from the schema of the content the answer is labelled with.
      return parts.compose(exchange, { status, generate: { seed: body.seed }, headers: extra, documented, provenance: STEP }).response;
    case 'error': {
      // Catalogue messages about records name them as the document does (`A plant with id 42 ...`).
      const params: Record<string, string> = { resource: resourceNoun(operation.path) };
      for (const [name, value] of Object.entries(body.params))
        params[name] = textOf(typeof value === 'string' ? renderString(value, context) : value);
      const problem = problemResponse({ code: body.code, params });
      return given(problem.status, problem.body, { ...problem.headers, ...extra });
    }
    case undefined: {
      const stream = step.stream;
      const want = stream
        ? { status: step.status, streamCount: stream.count, streamInterval: stream.intervalMs, headers: extra }
        : { status: step.status, headers: extra };
      const { response } = parts.compose(exchange, want);
      return stream ? scriptedStream(stream, response) : response;
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

/** Header values are Latin-1 without control characters; request data rendered into one may not be. */
function headerText(value: unknown): string {
  return textOf(value).replace(/[^\t\x20-\x7e\xa0-\xff]/g, '?');
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}
