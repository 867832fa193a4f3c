import type { ErrorCode } from '../errors.js';
import type { Exchange } from '../pipeline/types.js';
import { answerOf } from '../provenance.js';

/** Everything coverage reads from an exchange beyond its operation, in one file. */

/**
 * Catalogue codes that answer a misuse of the mock itself (its steering headers) or a bug in it, not a
 * request the contract forbids.
 */
const NOT_VIOLATIONS: ReadonlySet<string> = new Set<ErrorCode>(['INVALID_FORCING', 'INVALID_MOCK_HEADER', 'UNKNOWN_SCENARIO', 'INTERNAL']);

/** The catalogue code the request was rejected with, or undefined when it was answered. */
export function rejectionOf(exchange: Exchange): string | undefined {
  const provenance = answerOf(exchange.answer?.provenance);
  if (provenance?.kind === 'rejected') return provenance.code;
  // A request the contract rejects, forwarded to the real service anyway: still the consumer's violation.
  return provenance?.kind === 'proxied' ? provenance.violation : undefined;
}

export function isViolation(code: string): boolean {
  return !NOT_VIOLATIONS.has(code);
}

/** How an answer was produced; the index into a counts array is the kind's position here. */
export const ANSWER_KINDS = [
  'echo',
  'example',
  'dynamic',
  'generated',
  'empty',
  'scenario',
  'state',
  'forced',
  'rejected',
  'proxied',
  'fallback',
  'upstream-failed',
  'fault',
  'other',
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
const KIND = Object.fromEntries(ANSWER_KINDS.map((kind, i) => [kind, i])) as Record<AnswerKind, number>;

/** Index in ANSWER_KINDS of what produced the answer. */
export function answerKindOf(exchange: Exchange, status: number): number {
  if (status === 0) return KIND.fault;
  const provenance = exchange.answer?.provenance;
  if (provenance === undefined) return KIND.other;
  switch (provenance.kind) {
    case 'rejected':
      return KIND.rejected;
    case 'scenario':
      return provenance.usesState ? KIND.state : KIND.scenario;
    case 'forced':
      return KIND.forced;
    case 'state':
      return KIND.state;
    case 'generated':
      return provenance.dynamic ? KIND.dynamic : KIND.generated;
    case 'client-gone':
      // Nothing was answered (status 0 comes first); here for completeness.
      return KIND.fault;
    case 'callback':
      // A callback is a request the mock sent, never an answer to the API (they are journalled, not counted here).
      return KIND.other;
    case 'stream':
      return provenance.from.kind === 'example' ? KIND.example : provenance.from.dynamic ? KIND.dynamic : KIND.generated;
    default:
      return KIND[provenance.kind];
  }
}

/** The request's `X-Mock-Session`, as the exchange read it. */
export function sessionOf(exchange: Exchange): string | undefined {
  return exchange.session.id;
}

/** The media type the answer was sent with: problems and bodies without one go out as JSON. */
export function answeredMediaType(exchange: Exchange): string | undefined {
  const response = exchange.answer?.response;
  if (response === undefined) return undefined;
  return response.headers['content-type'] ?? (response.body === undefined ? undefined : 'application/json');
}
