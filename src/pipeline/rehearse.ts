import type { Compose } from '../answer/compose.js';
import type { ErrorShapes } from '../answer/error-shape.js';
import type { Rejections } from '../answer/rejections.js';
import { isJsonMediaType } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import { learn } from './exchange.js';
import { readSessionHeaders } from './session.js';
import type { Exchange, Stage } from './types.js';

/** The statuses the catalogue rejects requests with, whose shape a document may give (error-shape.ts). */
const FAILURE_STATUSES = [400, 401, 403, 404, 405, 406, 415, 422] as const;

/**
 * Makes, for one operation, what its first request would otherwise make on the request path: the
 * operation read from the document, its examples checked, Prism's validators compiled, the security
 * verdicts, the response plans of every documented status, the static answer of the default one and
 * the shapes of its rejections. It plays requests through the stages after routing (each stage even
 * when one before it found something, as another request would get there) and asks the composer for
 * a static answer; no responder is asked, nothing is recorded, and the server's seeded randomness is
 * not drawn from, so what is prepared changes no answer. A failure here is left to the request path.
 * A step at a time: each `next()` makes one part (one stage of one request, one answer, one response
 * plan, one rejection's shape), so that preparation lets requests in between the parts of a large
 * operation (openai's `POST /responses`) instead of holding the event loop for all of it.
 */
export function* rehearsal(
  operation: MockOperation,
  stages: readonly Stage[],
  answering: Rehearsed,
  rejections: Rejections,
): Generator<void> {
  const contents = operation.requestBody?.contents ?? [];
  // One request without a body, then one per documented body media type.
  const bodies: (string | undefined)[] = [undefined, ...contents.map((content) => content.mediaType)];
  for (const mediaType of bodies) {
    const exchange = syntheticExchange(operation, mediaType);
    for (const stage of stages) {
      const result = attempt(() => stage(exchange));
      yield;
      const findings = result === undefined ? undefined : learn(exchange, result);
      if (findings !== undefined && findings.length > 0) {
        attempt(() => rejections.answer(rejections.problem(findings, exchange), findings));
        yield;
      }
    }
    // The default answer (an echo where there is a body), static: never drawn from the server's seeded generator.
    // A streamed answer is left to its request: making it draws its items' seed from that generator.
    if (exchange.negotiated !== undefined && exchange.negotiated.representation?.sequential === undefined) {
      attempt(() => answering.compose(exchange, { dynamic: false }));
      yield;
    }
  }
  for (const response of operation.responses) {
    const status = Number(response.code);
    if (!Number.isInteger(status)) continue;
    attempt(() => answering.plans(operation, status));
    yield;
  }
  for (const status of FAILURE_STATUSES) {
    attempt(() => answering.errorShapes.forFailure(operation, status));
    yield;
  }
}

/** What a rehearsal asks of the answer room. */
type Rehearsed = {
  readonly compose: Compose;
  readonly errorShapes: ErrorShapes;
  readonly plans: (o: MockOperation, s: number) => unknown;
};

function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** A request to the operation as a client might send it: path parameters `1`, JSON bodies `{}`, other bodies empty. */
function syntheticExchange(operation: MockOperation, mediaType: string | undefined): Exchange {
  const pathParams: Record<string, string> = {};
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    pathParams[name] = '1';
    return '1';
  });
  const headers: Record<string, string> = { host: 'localhost', accept: '*/*' };
  let rawBody: Buffer | undefined;
  if (mediaType !== undefined) {
    headers['content-type'] = mediaType.includes('*') ? 'application/octet-stream' : mediaType;
    rawBody = Buffer.from(isJsonMediaType(mediaType) ? '{}' : '');
  }
  return {
    method: operation.method,
    path,
    query: {},
    headers,
    rawBody,
    session: readSessionHeaders(headers),
    operation,
    pathParams,
  };
}
