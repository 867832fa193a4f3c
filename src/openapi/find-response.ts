import type { MockOperation, MockResponseSpec } from './operation.js';

/** The response the document defines for a status: exact code first, then `4XX`-style ranges, then `default`. */
export function findResponse(operation: MockOperation, status: number): MockResponseSpec | undefined {
  const responses = operation.responses;
  return (
    responses.find((r) => r.code === String(status)) ??
    responses.find((r) => r.code.toUpperCase() === `${String(status)[0]}XX`) ??
    responses.find((r) => r.code === 'default')
  );
}

/**
 * The status answered when nothing is forced: a 2xx if the operation documents one, else 200 from
 * `default` when it documents no 3xx either, else its lowest class of status (`302` before `404`);
 * within the class, the lowest exact status beats the range (`201` over `2XX`, `401` over `4XX`), and
 * a range alone answers its first status (`2XX` as 200). 200 when nothing is documented.
 */
export function defaultStatus(operation: MockOperation): number {
  const byClass = new Map<number, number | undefined>();
  for (const { code } of operation.responses) {
    const exact = /^[1-5]\d\d$/.test(code);
    if (!exact && !/^[1-5]XX$/i.test(code)) continue;
    const statusClass = Number(code[0]);
    const lowest = byClass.get(statusClass);
    if (exact && (lowest === undefined || Number(code) < lowest)) byClass.set(statusClass, Number(code));
    else if (!byClass.has(statusClass)) byClass.set(statusClass, undefined);
  }
  // `default` covers every status the document lists none for, success among them: with no 2xx or 3xx,
  // a valid request is answered 200 from it rather than with an error it did not make (as Prism does).
  if (!byClass.has(2) && !byClass.has(3) && operation.responses.some((r) => r.code === 'default')) return 200;
  const statusClass = byClass.has(2) ? 2 : Math.min(...byClass.keys());
  if (!Number.isFinite(statusClass)) return 200;
  return byClass.get(statusClass) ?? statusClass * 100;
}

/**
 * The exact statuses a document may use for each kind of rejection, by the status the mock's catalogue
 * gives it, in order of preference: invalid input is 400 or 422, credentials 401 or 403.
 */
const FITTING_STATUSES: Readonly<Record<number, readonly number[]>> = {
  400: [400, 422],
  401: [401, 403],
  406: [406],
  414: [414],
  415: [415],
};

/** The documented response a rejection uses, and the status it is answered with. */
export interface FailureResponse {
  readonly status: number;
  readonly response: MockResponseSpec;
}

/**
 * The documented response for a rejection whose catalogue status is `failureStatus`: an exact fitting
 * status, else the `4XX` range, else `default`, these two answered with the failure's own status.
 * Undefined when the document defines nothing fitting, or the failure is not one a document shapes
 * (route not found, method not allowed, the mock's own forcing protocol).
 */
export function findFailureResponse(operation: MockOperation, failureStatus: number): FailureResponse | undefined {
  const fitting = FITTING_STATUSES[failureStatus];
  if (!fitting) return undefined;
  const responses = operation.responses;
  for (const status of fitting) {
    const exact = responses.find((r) => r.code === String(status));
    if (exact) return { status, response: exact };
  }
  const fallback = responses.find((r) => r.code.toUpperCase() === '4XX') ?? responses.find((r) => r.code === 'default');
  return fallback && { status: failureStatus, response: fallback };
}

/** Operations looked through at most for the document's error shape: a bound on what a first rejection reads. */
const DOCUMENT_SCAN = 200;

/**
 * The document's own error response for a rejection its operation documents nothing fitting for: the
 * one its other errors use, so a generated SDK decodes the rejection with its error type. In order:
 * another operation's fitting status, its `4XX`, its `default` beside a documented success (a
 * `default` alone is often the success), then any other `4xx` of the operation itself, else of the
 * others; each answered with the failure's own status. A sibling on the operation's path with a fitting
 * status speaks for it; else, where several responses qualify, the one whose body is shaped (`shapeOf`)
 * as most of the errors looked through are (openai documents one `400` and its `404`s as its bare
 * `Error`, its other errors as `{"error": …}`), the first found on a tie.
 */
export function findDocumentFailureResponse(
  operation: MockOperation,
  operations: readonly MockOperation[],
  failureStatus: number,
  shapeOf?: (response: MockResponseSpec) => string,
): FailureResponse | undefined {
  const fitting = FITTING_STATUSES[failureStatus];
  if (!fitting) return undefined;
  const others = operations.filter((o) => o !== operation);
  const ordered = [...others.filter((o) => o.path === operation.path), ...others.filter((o) => o.path !== operation.path)].slice(
    0,
    DOCUMENT_SCAN,
  );
  // Candidates by rank, each list in the order found.
  const ranked: MockResponseSpec[][] = [[], [], [], clientErrors(operation), []];
  const votes = new Map<string, number>();
  const vote = (responses: readonly MockResponseSpec[]) => {
    if (shapeOf === undefined) return;
    for (const response of errorResponses(responses)) votes.set(shapeOf(response), (votes.get(shapeOf(response)) ?? 0) + 1);
  };
  vote(operation.responses);
  for (const other of ordered) {
    const responses = other.responses;
    const withBody = (code: (r: MockResponseSpec) => boolean) => responses.find((r) => code(r) && r.contents.length > 0);
    const found = fitting.map((status) => withBody((r) => r.code === String(status))).find((r) => r !== undefined);
    if (found !== undefined && other.path === operation.path) return { status: failureStatus, response: found };
    vote(responses);
    const add = (rank: number, response: MockResponseSpec | undefined) => response && ranked[rank]?.push(response);
    add(0, found);
    add(
      1,
      withBody((r) => r.code.toUpperCase() === '4XX'),
    );
    if (responses.some((r) => r.code.startsWith('2')))
      add(
        2,
        withBody((r) => r.code === 'default'),
      );
    add(4, clientErrors(other)[0]);
    if (shapeOf === undefined && found !== undefined) break;
  }
  const candidates = ranked.find((list) => list.length > 0);
  if (candidates === undefined) return undefined;
  const weight = (response: MockResponseSpec) => (shapeOf === undefined ? 0 : (votes.get(shapeOf(response)) ?? 0));
  const response = candidates.reduce((best, candidate) => (weight(candidate) > weight(best) ? candidate : best));
  return { status: failureStatus, response };
}

/** An operation's documented errors with a body: its 4xx and 5xx, exact or ranges, and a `default` beside a success. */
function errorResponses(responses: readonly MockResponseSpec[]): MockResponseSpec[] {
  const success = responses.some((r) => r.code.startsWith('2'));
  return responses.filter((r) => r.contents.length > 0 && (/^[45]/.test(r.code) || (success && r.code === 'default')));
}

function clientErrors(operation: MockOperation): MockResponseSpec[] {
  return operation.responses.filter((r) => /^4\d\d$/.test(r.code) && r.contents.length > 0);
}
