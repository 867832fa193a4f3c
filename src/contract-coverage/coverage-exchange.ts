import type { ErrorCode } from '../errors.js';
import type { Exchange } from '../pipeline/types.js';
import { SESSION_HEADER, SESSION_ID } from '../protocol.js';
import type { Catalogue } from '../scenarios/scenario-types.js';

/** Everything coverage reads from an exchange beyond its operation, in one file. */

const SCENARIO = 'scenario ';
const RULE = ' rule ';

/**
 * Catalogue codes that answer a misuse of the mock itself (its steering headers) or a bug in it, not a
 * request the contract forbids.
 */
const NOT_VIOLATIONS: ReadonlySet<string> = new Set<ErrorCode>(['INVALID_FORCING', 'INVALID_MOCK_HEADER', 'UNKNOWN_SCENARIO', 'INTERNAL']);

/** The catalogue code the request was rejected with, or undefined when it was answered. */
export function rejectionOf(exchange: Exchange): string | undefined {
  return exchange.rejection;
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
  'fault',
  'other',
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
const KIND = Object.fromEntries(ANSWER_KINDS.map((kind, i) => [kind, i])) as Record<AnswerKind, number>;

/** Index in ANSWER_KINDS of what produced the answer; reads the source without building any string. */
export function answerKindOf(exchange: Exchange, status: number, catalogue: Catalogue | undefined): number {
  if (status === 0) return KIND.fault;
  if (exchange.rejection !== undefined) return KIND.rejected;
  const source = exchange.source;
  if (source === undefined) return KIND.other;
  if (source.startsWith(SCENARIO)) return usesState(exchange, source, catalogue) ? KIND.state : KIND.scenario;
  if (exchange.forcing !== undefined) return KIND.forced;
  if (source === 'echo') return KIND.echo;
  if (source.startsWith('example=')) return KIND.example;
  if (source.startsWith('dynamic')) return KIND.dynamic;
  if (source === 'generated') return KIND.generated;
  if (source === 'empty') return KIND.empty;
  return KIND.other;
}

/** Whether the scenario rule that answered keeps or consults the session's stored data. */
function usesState(exchange: Exchange, source: string, catalogue: Catalogue | undefined): boolean {
  const name = exchange.scenario;
  const at = source.indexOf(RULE);
  if (name === undefined || catalogue === undefined || at < 0) return false;
  let index = 0;
  for (let i = at + RULE.length; i < source.length; i++) {
    const digit = source.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    index = index * 10 + digit;
  }
  const rule = catalogue.get(name)?.rules[index - 1];
  return rule !== undefined && (rule.store !== undefined || rule.match.stored !== undefined || rule.match.notStored !== undefined);
}

/**
 * The request's `X-Mock-Session`: the one the scenarios responder read, or for a request rejected
 * before it, the header itself when well-formed.
 */
export function sessionOf(exchange: Exchange): string | undefined {
  if (exchange.session !== undefined) return exchange.session;
  const raw = exchange.headers[SESSION_HEADER];
  return typeof raw === 'string' && SESSION_ID.test(raw) ? raw : undefined;
}

/** The media type the answer was sent with: problems and bodies without one go out as JSON. */
export function answeredMediaType(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (response === undefined) return undefined;
  return response.headers['content-type'] ?? (response.body === undefined ? undefined : 'application/json');
}
