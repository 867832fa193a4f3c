import { ERRORS } from '../errors.js';
import type { Exchange } from '../pipeline/types.js';
import type { Finding, Problem } from '../problem.js';
import type { ErrorShapes } from './error-shape.js';

const MAX_FINDINGS_IN_MESSAGE = 10;
const MAX_HEADER_IN_MESSAGE = 200;

/**
 * The one place that turns what the stages found into a problem, and so into a status: the catalogue's,
 * or the one of the response the operation documents for this kind of failure (`shapes`), which then
 * shapes the answer too.
 */
export function decideProblem(findings: readonly Finding[], exchange: Exchange, shapes?: ErrorShapes): Problem {
  const problem = catalogueProblem(findings, exchange);
  // A malformed steering header is about the mock, not the API: the catalogue answers it, never the document's shape.
  if (problem.code === 'INVALID_MOCK_HEADER') return problem;
  const operation = exchange.operation;
  const shape = operation && shapes?.forFailure(operation, ERRORS[problem.code].status);
  return shape ? { ...problem, shape } : problem;
}

function catalogueProblem(findings: readonly Finding[], exchange: Exchange): Problem {
  const first = findings[0];
  if (first === undefined) return { code: 'INTERNAL', params: { details: 'a stage failed without a finding' } };
  switch (first.location) {
    case 'route':
      return first.code === 'method-not-allowed'
        ? {
            code: 'METHOD_NOT_ALLOWED',
            params: { method: exchange.method, path: exchange.document?.sentPath ?? exchange.path, allow: first.message },
            headers: { allow: first.message },
          }
        : { code: 'NOT_FOUND', params: { method: exchange.method, path: exchange.document?.sentPath ?? exchange.path } };
    case 'security': {
      const schemes = exchange.operation?.challengeSchemes ?? [];
      return first.code === 'token-rejected'
        ? {
            code: 'TOKEN_REJECTED',
            headers: { 'www-authenticate': challenge(schemes, 'invalid_token', 'The bearer token is not accepted') },
          }
        : {
            code: 'MISSING_CREDENTIALS',
            params: { details: first.message },
            headers: challengeHeader(schemes, exchange.headers.authorization === undefined ? undefined : 'invalid_request', first.message),
          };
    }
    case 'media-type':
      return {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        params: { contentType: exchange.headers['content-type'] ?? '(none)', mediaTypes: mediaTypesOf(exchange) },
        findings,
      };
    case 'accept':
      return { code: 'NOT_ACCEPTABLE', params: { accept: bounded(exchange.headers.accept), mediaTypes: first.message }, findings };
    case 'forcing':
      return { code: 'INVALID_FORCING', params: { details: first.message }, findings };
    case 'mock-header':
      return { code: 'INVALID_MOCK_HEADER', params: { header: first.path[0] ?? '', details: first.message } };
    default:
      return bodyProblem(first, findings, exchange);
  }
}

/** The media types the operation accepts, as two answers' messages list them (not worth making for the others). */
function mediaTypesOf(exchange: Exchange, separator = ', ', none = 'none'): string {
  return exchange.operation?.requestBody?.contents.map((c) => c.mediaType).join(separator) || none;
}

function bodyProblem(first: Finding, findings: readonly Finding[], exchange: Exchange): Problem {
  if (first.code === 'malformed-json') return { code: 'MALFORMED_JSON', params: { details: first.message }, findings };
  if (first.code === 'invalid-encoding') return { code: 'INVALID_ENCODING', findings };
  // What the operation takes, a form, CSV or XML as well as JSON: `send text/csv or application/json`.
  if (first.code === 'body-required')
    return { code: 'BODY_REQUIRED', params: { mediaTypes: mediaTypesOf(exchange, ' or ', 'a body') }, findings };
  return { code: 'INVALID_REQUEST', params: { details: describe(findings) }, findings };
}

/** A request header as a message quotes it: bounded, since the message echoes it. */
function bounded(value: string | undefined): string {
  if (value === undefined) return '(none)';
  return value.length > MAX_HEADER_IN_MESSAGE ? `${value.slice(0, MAX_HEADER_IN_MESSAGE)}…` : value;
}

/** RFC 7235 §4.1: every 401 carries a challenge per accepted HTTP scheme; API keys have none. */
function challengeHeader(schemes: readonly string[], error: string | undefined, description: string): Record<string, string> {
  return schemes.length === 0 ? {} : { 'www-authenticate': challenge(schemes, error, description) };
}

/** RFC 6750 §3: the Bearer challenge carries an error code only when credentials were sent. */
function challenge(schemes: readonly string[], error: string | undefined, description: string): string {
  const quoted = description.replace(/["\\]/g, "'");
  return schemes
    .map((scheme) =>
      scheme === 'Bearer' && error !== undefined
        ? `Bearer realm="plantstore-mock", error="${error}", error_description="${quoted}"`
        : `${scheme} realm="plantstore-mock"`,
    )
    .join(', ');
}

/** `body.id must be integer; body.name is required` */
function describe(findings: readonly Finding[]): string {
  const shown = findings.slice(0, MAX_FINDINGS_IN_MESSAGE).map((f) => `${[f.location, ...f.path].join('.')} ${f.message}`);
  const more = findings.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
