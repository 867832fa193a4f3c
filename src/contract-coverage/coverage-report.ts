import type { LintFinding } from '../openapi/document-lint.js';
import type { MockOperation } from '../openapi/operation.js';
import type { OperationCounts, UpstreamCounts } from './coverage-counts.js';
import { ANSWER_KINDS } from './coverage-exchange.js';
import type { CoverageModel, CoverageTally } from './coverage-model.js';

export interface CoverageSummary {
  readonly operations: number;
  readonly operationsExercised: number;
  /** Documented (status x media type) pairs; a response without content counts once. */
  readonly documentedResponses: number;
  readonly documentedResponsesServed: number;
  /** documentedResponsesServed / documentedResponses, in percent, rounded down to one decimal. */
  readonly percent: number;
  /** Requests the contract rejects (a forced or scenario answer is not one), unmatched ones included. */
  readonly violations: number;
  readonly requests: number;
  /** Answers the real service gave through the proxy (`--proxy`), and how many drifted from the document; once there are any. */
  readonly upstreamAnswers?: number;
  readonly driftingAnswers?: number;
}

export interface ResponseCoverage {
  /** The code as documented (`200`, `4XX`, `default`), or the status served when undocumented. */
  readonly status: string;
  readonly documented: boolean;
  readonly served: number;
  readonly mediaTypes?: readonly { readonly mediaType: string | null; readonly served: number }[];
  /** Answers of this documented status sent with a media type it does not document. */
  readonly undocumentedMediaType?: number;
}

export interface OperationCoverage {
  readonly method: string;
  readonly path: string;
  readonly operationId?: string;
  readonly requests: number;
  readonly violations: number;
  readonly rejected: Readonly<Record<string, number>>;
  readonly answeredBy: Readonly<Record<string, number>>;
  readonly responses: readonly ResponseCoverage[];
  readonly neverSent: readonly string[];
  /** The operation's documented callbacks, each with how its deliveries ended (every session's together). */
  readonly callbacks?: readonly CallbackCoverage[];
  /** With `--proxy`, once the real service answered: its answers, the drifting ones, and those by kind of drift. */
  readonly upstream?: UpstreamCoverage;
}

export interface CallbackCoverage {
  readonly name: string;
  /** Deliveries by outcome: `on-contract`, `off-contract`, `refused`, `unresolved`, `timeout`, `failed`, `cancelled`. */
  readonly outcomes: Readonly<Record<string, number>>;
}

export interface UpstreamCoverage {
  readonly answers: number;
  readonly drifting: number;
  readonly byKind: Readonly<Record<string, number>>;
  /** What drifted, each distinct finding once with the answers that had it (the first few kept). */
  readonly findings: readonly { readonly kind: string; readonly message: string; readonly answers: number }[];
}

export interface CoverageReport {
  /** The session the report is narrowed to, or null for every request. */
  readonly session: string | null;
  readonly summary: CoverageSummary;
  readonly operations: readonly OperationCoverage[];
  /** Requests that matched no operation of the document. */
  readonly unmatched: { readonly requests: number; readonly violations: number; readonly rejected: Readonly<Record<string, number>> };
  /** What the mock found wrong in the document itself: values it never serves unasked, templates it cannot route. */
  readonly documentFindings: readonly LintFinding[];
}

/** The report of every request, or of one session's. */
export function coverageReport(model: CoverageModel, session?: string): CoverageReport {
  const tally: CoverageTally | undefined = model.tally(session);
  const operations = model.operations().map((operation) => operationCoverage(model, operation, tally?.byOperation.get(operation)));
  let documented = 0;
  let served = 0;
  for (const operation of operations) {
    for (const response of operation.responses) {
      for (const media of response.mediaTypes ?? []) {
        documented++;
        if (media.served > 0) served++;
      }
    }
  }
  const unmatched = tally?.unmatched;
  const upstreamAnswers = operations.reduce((sum, o) => sum + (o.upstream?.answers ?? 0), 0);
  const driftingAnswers = operations.reduce((sum, o) => sum + (o.upstream?.drifting ?? 0), 0);
  const summary: CoverageSummary = {
    operations: operations.length,
    operationsExercised: operations.filter((o) => o.requests > 0).length,
    documentedResponses: documented,
    documentedResponsesServed: served,
    percent: documented === 0 ? 100 : Math.floor((served / documented) * 1000) / 10,
    violations: operations.reduce((sum, o) => sum + o.violations, 0) + (unmatched?.violations ?? 0),
    requests: operations.reduce((sum, o) => sum + o.requests, 0) + (unmatched?.requests ?? 0),
    ...(upstreamAnswers > 0 ? { upstreamAnswers, driftingAnswers } : {}),
  };
  return {
    session: session ?? null,
    summary,
    operations,
    unmatched: { requests: unmatched?.requests ?? 0, violations: unmatched?.violations ?? 0, rejected: record(unmatched?.rejected) },
    documentFindings: model.documentFindings(),
  };
}

function operationCoverage(model: CoverageModel, operation: MockOperation, counts: OperationCounts | undefined): OperationCoverage {
  const shape = counts?.shape ?? model.shapeOf(operation);
  const responses: ResponseCoverage[] = shape.responses.map((response, r) => {
    const mediaTypes = response.mediaTypes.map((mediaType, m) => ({
      mediaType: mediaType ?? null,
      served: counts?.bySlot[response.firstSlot + m] ?? 0,
    }));
    const total = counts?.byResponse[r] ?? 0;
    const other = total - mediaTypes.reduce((sum, m) => sum + m.served, 0);
    return { status: response.code, documented: true, served: total, mediaTypes, ...(other > 0 ? { undocumentedMediaType: other } : {}) };
  });
  const undocumented = [...(counts?.undocumented ?? [])].sort(([a], [b]) => a - b);
  for (const [status, served] of undocumented) responses.push({ status: String(status), documented: false, served });
  const answeredBy: Record<string, number> = {};
  ANSWER_KINDS.forEach((kind, i) => {
    const count = counts?.byKind[i] ?? 0;
    if (count > 0) answeredBy[kind] = count;
  });
  const named = operation.id !== `${operation.method} ${operation.path}`;
  const callbacks = (operation.callbacks ?? []).map((callback) => ({
    name: callback.name,
    outcomes: record(model.callbackOutcomes(operation.id, callback.name)),
  }));
  // A documented callback never triggered, or whose consumer answered off the contract, is a finding.
  const callbackFindings = callbacks.flatMap(({ name, outcomes }) =>
    Object.keys(outcomes).length === 0
      ? [`callback ${name}`]
      : outcomes['off-contract']
        ? [`callback ${name} (answered off-contract)`]
        : [],
  );
  const neverSent = counts ? counts.neverSent() : shape.items.map((item) => item.label);
  return {
    method: operation.method,
    path: operation.path,
    ...(named ? { operationId: operation.id } : {}),
    requests: counts?.requests ?? 0,
    violations: counts?.violations ?? 0,
    rejected: record(counts?.rejected),
    answeredBy,
    responses,
    neverSent: callbackFindings.length > 0 ? [...neverSent, ...callbackFindings] : neverSent,
    ...(callbacks.length > 0 ? { callbacks } : {}),
    ...(counts && counts.upstream.answers > 0 ? { upstream: upstreamCoverage(counts.upstream) } : {}),
  };
}

function upstreamCoverage(upstream: UpstreamCounts): UpstreamCoverage {
  // Most answers first, then by kind and message: the same order however the counts were added up (a fleet's).
  const sorted = [...upstream.messages].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
  const findings = sorted.map(([key, answers]) => {
    const tab = key.indexOf('\t');
    return { kind: key.slice(0, tab), message: key.slice(tab + 1), answers };
  });
  return { answers: upstream.answers, drifting: upstream.drifting, byKind: record(upstream.byKind), findings };
}

function record(counts: ReadonlyMap<string, number> | undefined): Record<string, number> {
  return Object.fromEntries([...(counts ?? [])].sort(([a], [b]) => a.localeCompare(b)));
}
