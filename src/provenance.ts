import type { ErrorCode } from './errors.js';
import type { Fault } from './mock-response.js';
import type { Finding } from './problem.js';

/** What an upstream answer breaks in the document (see src/proxy/drift.ts). */
export type DriftKind = 'status' | 'media-type' | 'header' | 'body' | 'int64';

/** One way an upstream answer differs from what the document allows. */
export interface DriftFinding {
  readonly kind: DriftKind;
  /** Where: a header name, a JSON pointer into the body; empty for the answer as a whole. */
  readonly at: string;
  readonly message: string;
}

/** Why the proxy let the mock answer: the upstream was unavailable, or lacks a documented operation. */
export type FallbackReason = 'unavailable' | 'missing';

/**
 * Where the body of an answer the response selector made came from: a named example, data generated
 * from the schema (`dynamic`: per request, with an optional seed; else the static answer built once from
 * the schema's words), the request echoed, or no content at all.
 */
export type SelectedBody =
  /** `invalid`: what is wrong with an example that breaks its schema, served because it was asked for by name. */
  | { readonly kind: 'example'; readonly name: string; readonly invalid?: string }
  | { readonly kind: 'generated'; readonly dynamic: boolean; readonly seed?: number }
  | { readonly kind: 'echo' }
  | { readonly kind: 'empty' }
  /** A sequential body (SSE, JSON Lines, ...) streamed item by item, from an example's sequence or generated items. */
  | {
      readonly kind: 'stream';
      readonly from: Extract<SelectedBody, { kind: 'example' | 'generated' }>;
      readonly items: number;
      readonly intervalMs: number;
    };

/**
 * How a callback or webhook the mock sent ended: the consumer's answer fits the document or not; or it
 * was never answered: refused by the allow-list, its URL unresolved, no answer in time, the connection
 * failed, or the server closed first.
 */
export type CallbackOutcome = 'on-contract' | 'off-contract' | 'refused' | 'unresolved' | 'timeout' | 'failed' | 'cancelled';

/**
 * Where an answer came from, as data: the log line, the journal, the metrics and the coverage read
 * it, and describeProvenance() is the one place that puts it in words. `waived`: the request broke the
 * contract and was answered as if valid, its validation switched off (`--no-validate-request`,
 * `x-mock-validate: false`, `Prefer: validate=false`): the code it would have been rejected with, and why.
 */
export type Provenance = AnswerSource & { readonly waived?: Waived };

export interface Waived {
  readonly code: ErrorCode;
  readonly findings: readonly Finding[];
}

type AnswerSource =
  /** The mock refused the request itself: a stage's findings, a bad steering header, a body too large. */
  | { readonly kind: 'rejected'; readonly code: ErrorCode; readonly findings?: readonly Finding[] }
  /**
   * A scenario rule answered; `step` is given when the rule has several; `usesState`: the rule keeps or
   * consults the session's stored data.
   */
  | {
      readonly kind: 'scenario';
      readonly name: string;
      readonly rule: number;
      readonly step?: number;
      readonly usesState: boolean;
      readonly fault?: Fault;
      readonly delayMs?: number;
      /** The step cuts its stream after this many items (a break mid-stream). */
      readonly streamBreak?: number;
    }
  /** The stateful simulator answered, with what it did and, for an error it answered, why. */
  | { readonly kind: 'state'; readonly action: string; readonly outcome?: 'not-found' | 'conflict' | 'over-limit' }
  /** The request asked for this answer (`Prefer`, `__code`, ...): the status it forced, if any, and the body given. */
  | { readonly kind: 'forced'; readonly code?: number; readonly body: SelectedBody }
  /** Not an answer but a request the mock sent: a callback of an operation or a webhook, and how it ended. */
  | {
      readonly kind: 'callback';
      readonly via: 'callback' | 'webhook';
      readonly name: string;
      readonly outcome: CallbackOutcome;
      /** What is wrong with the consumer's answer, or why nothing was sent. */
      readonly problems?: readonly string[];
    }
  /**
   * The real service answered through the proxy (`--proxy`): its status, what it broke in the document
   * (`drift`), what the consumer's request broke and was forwarded anyway (`violations`). `strict`: the
   * drifting answer was replaced by a 502; `upstreamBody`: then, the start of what the service sent.
   */
  | {
      readonly kind: 'proxied';
      readonly status: number;
      readonly drift: readonly DriftFinding[];
      /** The code the mock would have rejected the request with, and why. */
      readonly violation?: ErrorCode;
      readonly violations?: readonly Finding[];
      readonly strict?: boolean;
      readonly upstreamBody?: string;
    }
  /** The proxy could not get an answer (connection refused or reset, timeout): a 502 or 504 from the catalogue. */
  | { readonly kind: 'upstream-failed'; readonly code: ErrorCode; readonly reason: string }
  /** The client left before the upstream answered: the upstream request was aborted, nothing was answered. */
  | { readonly kind: 'client-gone' }
  /** The mock answered in the proxy's place (`--proxy-fallback`): why, what the upstream did, and how the mock answered. */
  | { readonly kind: 'fallback'; readonly reason: FallbackReason; readonly upstream: string; readonly answer: Provenance }
  | SelectedBody;

/** The answer's own provenance: the mock's answer a fallback wraps, else itself. */
export function answerOf(provenance: Provenance | undefined): Provenance | undefined {
  return provenance?.kind === 'fallback' ? provenance.answer : provenance;
}

/** The words of the log line and the journal's `source` for where an answer came from. */
export function describeProvenance(provenance: Provenance | undefined): string {
  if (provenance === undefined) return '';
  const words = describeSource(provenance);
  return provenance.waived === undefined ? words : `${words} waived ${provenance.waived.code}`;
}

function describeSource(provenance: AnswerSource): string {
  switch (provenance.kind) {
    case 'rejected':
      return rejectedWords(provenance.code);
    case 'scenario': {
      const step = provenance.step === undefined ? '' : ` step ${provenance.step}`;
      const fault = provenance.fault === undefined ? '' : ` fault=${provenance.fault}`;
      const delay = provenance.delayMs ? ` delay=${provenance.delayMs}ms` : '';
      const cut = provenance.streamBreak === undefined ? '' : ` break-after=${provenance.streamBreak}`;
      return `scenario ${provenance.name} rule ${provenance.rule}${step}${fault}${delay}${cut}`;
    }
    case 'state':
      return provenance.outcome === undefined ? `state ${provenance.action}` : `state ${provenance.action} ${provenance.outcome}`;
    case 'callback':
      return `${provenance.via} ${provenance.name} ${provenance.outcome}`;
    case 'forced':
      return provenance.code === undefined ? describeBody(provenance.body) : `code=${provenance.code} ${describeBody(provenance.body)}`;
    case 'proxied': {
      const drift = provenance.drift.length === 0 ? '' : ` drift=${[...new Set(provenance.drift.map((d) => d.kind))].join(',')}`;
      const violations = provenance.violations?.length ? ` violations=${provenance.violations.length}` : '';
      return `proxy ${provenance.status}${drift}${violations}${provenance.strict ? ' strict' : ''}`;
    }
    case 'upstream-failed':
      return `proxy failed ${provenance.code}: ${provenance.reason}`;
    case 'client-gone':
      return 'proxy aborted: the client left before the upstream answered';
    case 'fallback':
      return `fallback ${provenance.reason} (${provenance.upstream}): ${describeProvenance(provenance.answer)}`;
    default:
      return describeBody(provenance);
  }
}

/** `rejected CODE`, made once per catalogue code: a string joined per answer is flattened again by each reader. */
const REJECTED_WORDS = new Map<ErrorCode, string>();
function rejectedWords(code: ErrorCode): string {
  let words = REJECTED_WORDS.get(code);
  if (words === undefined) {
    words = `rejected ${code}`;
    REJECTED_WORDS.set(code, words);
  }
  return words;
}

function describeBody(body: SelectedBody): string {
  switch (body.kind) {
    case 'example':
      return body.invalid === undefined ? `example=${body.name}` : `example=${body.name} (invalid)`;
    case 'generated':
      if (!body.dynamic) return 'generated';
      return body.seed === undefined ? 'dynamic' : `dynamic seed=${body.seed}`;
    case 'echo':
    case 'empty':
      return body.kind;
    case 'stream':
      return `stream ${describeBody(body.from)} items=${body.items} interval=${body.intervalMs}ms`;
  }
}

/** The short words of a terminal's log line: `scenario=happy-path`, `rejected=INVALID_REQUEST`, `example=fern`. */
export function labelProvenance(provenance: Provenance | undefined): string {
  if (provenance === undefined) return '';
  const waived = provenance.waived === undefined ? '' : ` waived=${provenance.waived.code}`;
  return `${labelSource(provenance)}${waived}`;
}

function labelSource(provenance: AnswerSource): string {
  switch (provenance.kind) {
    case 'rejected':
      return `rejected=${provenance.code}`;
    case 'scenario':
      return provenance.fault === undefined ? `scenario=${provenance.name}` : `scenario=${provenance.name} fault=${provenance.fault}`;
    case 'state':
      return `state=${provenance.action}`;
    case 'callback':
      return `${provenance.via}=${provenance.name} ${provenance.outcome}`;
    case 'forced':
      return provenance.code === undefined ? `forced ${describeBody(provenance.body)}` : `forced code=${provenance.code}`;
    case 'proxied':
      return provenance.drift.length === 0 ? `proxy=${provenance.status}` : `proxy=${provenance.status} drift`;
    case 'upstream-failed':
      return `proxy-failed=${provenance.code}`;
    case 'client-gone':
      return 'proxy-aborted=client-gone';
    case 'fallback':
      return `fallback=${provenance.reason} ${labelSource(provenance.answer)}`;
    default:
      return describeBody(provenance);
  }
}
