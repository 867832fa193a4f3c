import { ERRORS, type ErrorCode, formatMessage } from './errors.js';
import { stringifyJson } from './json/stringify-json.js';
import type { MockResponse } from './mock-response.js';
import { ERROR_CODE_HEADER, FINDINGS_HEADER } from './protocol.js';

const MAX_FINDINGS_HEADER_LENGTH = 4096;

/** Where in the request a finding points. */
export type FindingLocation = 'route' | 'security' | 'media-type' | 'body' | 'query' | 'header' | 'path' | 'forcing';

/** One thing a stage found wrong with the request: data, never an exception. */
export interface Finding {
  readonly location: FindingLocation;
  /** Path inside the location, e.g. `['id']` for body.id; empty for the whole location. */
  readonly path: readonly string[];
  /** Machine-readable kind: `required`, `type`, `format`, `missing-credentials`, ... */
  readonly code: string;
  readonly message: string;
}

/** A problem the mock answers with an Error body; its status comes from the error catalogue (errors.ts). */
export interface Problem {
  readonly code: ErrorCode;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly findings?: readonly Finding[];
  readonly headers?: Readonly<Record<string, string>>;
}

/** The Error-shaped response for a problem. */
export function problemResponse(problem: Problem): MockResponse {
  const definition = ERRORS[problem.code];
  const headers: Record<string, string> = { [ERROR_CODE_HEADER]: problem.code, ...problem.headers };
  if (problem.findings && problem.findings.length > 0) headers[FINDINGS_HEADER] = findingsHeader(problem.findings);
  return {
    status: definition.status,
    headers,
    body: { error: definition.error, message: formatMessage(problem.code, problem.params) },
  };
}

/** What produced an answer, as the log line and the journal show it: `rejected CODE`, or the responder's description. */
export function describeAnswer(rejection: ErrorCode | undefined, source: string | undefined): string {
  return rejection === undefined ? (source ?? '') : `rejected ${rejection}`;
}

/** JSON of the findings, ASCII-only (header values are Latin-1) and bounded in length. */
function findingsHeader(findings: readonly Finding[]): string {
  const list = findings.map(({ location, path, code, message }) => ({ location, path, code, message }));
  for (let kept = list.length; kept > 0; kept--) {
    const value = asciiJson(kept === list.length ? list : [...list.slice(0, kept), { truncated: list.length - kept }]);
    if (value.length <= MAX_FINDINGS_HEADER_LENGTH) return value;
  }
  return asciiJson([{ truncated: list.length }]);
}

function asciiJson(value: unknown): string {
  return stringifyJson(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
