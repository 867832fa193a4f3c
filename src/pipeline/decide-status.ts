import type { Finding, Problem } from '../problem.js';
import type { Exchange } from './types.js';

const MAX_FINDINGS_IN_MESSAGE = 10;

/** The one place that turns what the stages found into a problem, and so into a status. */
export function decideProblem(findings: readonly Finding[], exchange: Exchange): Problem {
  const first = findings[0];
  if (first === undefined) return { code: 'INTERNAL', params: { details: 'a stage failed without a finding' } };
  const mediaTypes = exchange.operation?.requestBody?.contents.map((c) => c.mediaType).join(', ') || 'none';
  switch (first.location) {
    case 'route':
      return first.code === 'method-not-allowed'
        ? {
            code: 'METHOD_NOT_ALLOWED',
            params: { method: exchange.method, path: exchange.path, allow: first.message },
            headers: { allow: first.message },
          }
        : { code: 'NOT_FOUND', params: { method: exchange.method, path: exchange.path } };
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
        params: { contentType: exchange.headers['content-type'] ?? '(none)', mediaTypes },
        findings,
      };
    case 'forcing':
      return { code: 'INVALID_FORCING', params: { details: first.message }, findings };
    default:
      return bodyProblem(first, findings, mediaTypes);
  }
}

function bodyProblem(first: Finding, findings: readonly Finding[], mediaTypes: string): Problem {
  if (first.code === 'malformed-json') return { code: 'MALFORMED_JSON', params: { details: first.message }, findings };
  if (first.code === 'invalid-encoding') return { code: 'INVALID_ENCODING', findings };
  if (first.code === 'body-required') return { code: 'BODY_REQUIRED', params: { mediaTypes }, findings };
  return { code: 'INVALID_REQUEST', params: { details: describe(findings) }, findings };
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
