import { ERRORS, type ErrorCode, formatMessage } from './errors.js';
import { stringifyJson } from './json/stringify-json.js';
import type { MockResponse } from './mock-response.js';
import { ERROR_CODE_HEADER, FINDINGS_HEADER } from './protocol.js';

const MAX_FINDINGS_HEADER_LENGTH = 4096;

/** Where in the request a finding points. */
export type FindingLocation =
  | 'route'
  | 'security'
  | 'media-type'
  | 'body'
  | 'query'
  | 'header'
  | 'cookie'
  | 'path'
  | 'forcing'
  | 'accept'
  | 'mock-header';

/** One thing a stage found wrong with the request: data, never an exception. */
export interface Finding {
  readonly location: FindingLocation;
  /** Path inside the location, e.g. `['id']` for body.id; empty for the whole location. */
  readonly path: readonly string[];
  /** Machine-readable kind: `required`, `type`, `format`, `missing-credentials`, ... */
  readonly code: string;
  readonly message: string;
}

/**
 * A problem the mock answers: from the error catalogue (errors.ts), or, when the operation documents a
 * response for this kind of failure, shaped by that response.
 */
export interface Problem {
  readonly code: ErrorCode;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly findings?: readonly Finding[];
  readonly headers?: Readonly<Record<string, string>>;
  /** The document's response for this failure, when it defines one. */
  readonly shape?: ErrorShape;
}

/**
 * How a documented error response carries the mock's finding, planned once per operation and response
 * (src/answer/error-shape.ts): the status, the response's headers (its media type when it is not
 * plain JSON, and its documented headers), and a body template whose message-like and code-like
 * properties receive the finding's message and the catalogue's code.
 */
export interface ErrorShape {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: ErrorBodyShape;
  /** How a body of the response's media type is written when it is not JSON (text, XML, bytes). */
  readonly serialise?: (body: unknown) => string | Buffer;
}

/** `none`: no content; `text`: the message itself; `object`: the template with the detail written in; `fixed`: the template as it is. */
export type ErrorBodyShape =
  | { readonly kind: 'none' }
  | { readonly kind: 'text' }
  | { readonly kind: 'fixed'; readonly value: unknown }
  | {
      readonly kind: 'object';
      readonly template: Readonly<Record<string, unknown>>;
      readonly messageKey: string | undefined;
      readonly codeKey: string | undefined;
      readonly statusKey: string | undefined;
      /** The message member's `maxLength`: the message is cut to it. */
      readonly messageMax?: number;
      /** The nested object that carries them instead (`{"error": {"message": ...}}`). */
      readonly inner?: { readonly key: string; readonly body: ErrorBodyShape };
    };

/** The answer a documented error response gives for an error code and message, without the mock's own headers. */
export function shapedError(shape: ErrorShape, error: number, message: string): MockResponse {
  const body = shapedBody(shape.body, shape.status, error, message);
  const response = { status: shape.status, headers: shape.headers, body };
  return shape.serialise === undefined || body === undefined ? response : { ...response, payload: shape.serialise(body) };
}

function shapedBody(body: ErrorBodyShape, status: number, error: number, message: string): unknown {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'text':
      return message;
    case 'fixed':
      return body.value;
    case 'object': {
      const value: Record<string, unknown> = { ...body.template };
      if (body.codeKey !== undefined) value[body.codeKey] = error;
      if (body.messageKey !== undefined)
        value[body.messageKey] = body.messageMax === undefined ? message : message.slice(0, body.messageMax);
      if (body.statusKey !== undefined) value[body.statusKey] = status;
      if (body.inner !== undefined) value[body.inner.key] = shapedBody(body.inner.body, status, error, message);
      return value;
    }
  }
}

/** The answer for a problem: the document's shape when it has one, else the catalogue's Error; `x-mock-*` headers keep the detail. */
export function problemResponse(problem: Problem): MockResponse {
  const definition = ERRORS[problem.code];
  const message = formatMessage(problem.code, problem.params);
  const shape = problem.shape;
  const headers: Record<string, string> = shape ? { ...shape.headers } : {};
  headers[ERROR_CODE_HEADER] = problem.code;
  for (const [name, value] of Object.entries(problem.headers ?? {})) {
    // A challenge belongs to a 401 only; a document answering 403 gets none.
    if (shape === undefined || name !== 'www-authenticate' || shape.status === 401) headers[name] = value;
  }
  if (problem.findings && problem.findings.length > 0) headers[FINDINGS_HEADER] = findingsHeader(problem.findings);
  if (shape) return { ...shapedError(shape, definition.error, message), headers };
  return { status: definition.status, headers, body: { error: definition.error, message } };
}

/** The `x-mock-findings` header of an answer the mock gives despite what it found (an invalid example asked for by name). */
export function findingsHeaders(findings: readonly Finding[]): Record<string, string> {
  return { [FINDINGS_HEADER]: findingsHeader(findings) };
}

/**
 * JSON of the findings, ASCII-only (header values are Latin-1) and bounded in length: the longest
 * prefix that fits, with how many were left out. Each finding is written once, and only until the
 * header is full: a body of half a million wrong items has as many findings.
 */
function findingsHeader(findings: readonly Finding[]): string {
  const parts: string[] = [];
  let length = 1;
  for (const { location, path, code, message } of findings) {
    const part = asciiJson({ location, path, code, message });
    if (length + part.length + 1 > MAX_FINDINGS_HEADER_LENGTH) break;
    parts.push(part);
    length += part.length + 1;
  }
  if (parts.length === findings.length) return `[${parts.join(',')}]`;
  // The marker of what was left out takes the place of the last findings that fitted without it.
  for (;;) {
    const marker = asciiJson({ truncated: findings.length - parts.length });
    if (parts.length === 0 || length + marker.length + 1 <= MAX_FINDINGS_HEADER_LENGTH) return `[${[...parts, marker].join(',')}]`;
    length -= (parts.pop() as string).length + 1;
  }
}

function asciiJson(value: unknown): string {
  return stringifyJson(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
