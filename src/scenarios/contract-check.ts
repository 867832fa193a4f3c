import { ERRORS } from '../errors.js';
import { defaultStatus, findResponse } from '../openapi/find-response.js';
import { isMediaType } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Exchange } from '../pipeline/types.js';
import { checkOutput } from '../prism/prism-engine.js';
import { type RespondParts, stepResponse } from './respond-rule.js';
import type { Step } from './scenario-types.js';
import { checkStreamStep } from './stream-step.js';

/** Ends every violation message: how to keep a deliberate one. */
export const OFF_CONTRACT_HINT = '; mark the step offContract: "<why>" if that is deliberate';

/** Faults that never let an answer out: nothing to check when they always fire. */
const SILENT_FAULTS = new Set(['reset', 'empty', 'timeout']);

/**
 * Checks at load time that what a step answers fits the operation's contract, through Prism's output
 * validator. Templates are rendered with each request example of the operation (stored data standing
 * in as the same request), so a placeholder that yields the wrong type is caught here. Returns the
 * violation, or undefined. A step marked `offContract` is exempt; 401 answers from the error catalogue
 * are allowed for secured operations, as the mock answers them itself for rejected credentials.
 */
export function checkStep(step: Step, operation: MockOperation, parts: RespondParts): string | undefined {
  // No client (nor Prism's checker) can read a Content-Type that is no media type, on contract or off.
  const type = Object.entries(step.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (type !== undefined && !isMediaType(type)) {
    return `its Content-Type ${JSON.stringify(String(type)).slice(0, 80)} is no media type (type/subtype; name=value parameters)`;
  }
  if (step.offContract !== undefined) return undefined;
  if (step.fault && step.fault.probability >= 1 && SILENT_FAULTS.has(step.fault.kind)) return undefined;
  const body = step.body;
  const status = body?.kind === 'error' ? ERRORS[body.code].status : step.status;
  if (status !== undefined && !findResponse(operation, status)) {
    if (body?.kind === 'error' && status === 401 && operation.secured) return undefined;
    const defined = operation.responses.map((r) => r.code).join(', ');
    return `status ${status} is not defined by ${operation.id} (it defines ${defined})${OFF_CONTRACT_HINT}`;
  }
  if (step.stream !== undefined) return checkStreamStep(step.stream, operation, status ?? defaultStatus(operation));
  if (body === undefined || body.kind === 'generate') return undefined;
  for (const sample of requestSamples(operation)) {
    const exchange: Exchange = {
      method: operation.method,
      path: operation.path,
      query: {},
      headers: {},
      rawBody: undefined,
      session: {},
      operation,
      body: sample,
    };
    const response = stepResponse(step, exchange, new SampleStore(sample), parts);
    const violations = checkOutput(operation, response.status, response.headers, response.body);
    if (violations.length > 0) {
      const shown = body.kind === 'template' ? ` (template rendered for request ${JSON.stringify(sample)})` : '';
      return `${violations.join('; ')}${shown}${OFF_CONTRACT_HINT}`;
    }
  }
  return undefined;
}

function requestSamples(operation: MockOperation): unknown[] {
  // A request the document's own schema rejects is no sample of what the operation is sent.
  const examples =
    operation.requestBody?.contents.flatMap((c) => {
      const invalid = c.verdict?.().invalid;
      return c.examples.filter((e) => !invalid?.has(e.name)).map((e) => e.value);
    }) ?? [];
  return examples.length > 0 ? examples : [undefined];
}

/** Stored data as a template sees it at check time: every key holds the sample request. */
class SampleStore extends Map<string, unknown> {
  constructor(private readonly sample: unknown) {
    super();
  }
  override get(): unknown {
    return this.sample;
  }
  override has(): boolean {
    return true;
  }
}
