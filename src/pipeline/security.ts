import { checkBearerToken, checkSecurity, knownSecurityVerdict, type PrismRequest, type SecurityRequest } from '../prism/prism-engine.js';
import type { Finding } from '../problem.js';
import { TOKEN68 } from '../protocol.js';
import { type Exchange, NO_FINDINGS, type Stage } from './types.js';

/**
 * Security check. Prism decides whether the operation's requirements are met; before that the bearer
 * scheme is normalised, because RFC 7235 makes the scheme case-insensitive and Prism's check is not.
 * Any non-empty bearer token passes, as on a lenient real service (generated SDKs test with `Bearer My API
 * Key`); `strict` holds tokens to RFC 6750's grammar. With an allow-list, a token outside it is rejected.
 */
export function createSecurityStage(acceptedTokens: readonly string[], strict = false): Stage {
  const accepted = new Set(acceptedTokens);
  return (exchange) => {
    const operation = exchange.operation;
    if (!operation?.secured) return NO_FINDINGS;
    const header = exchange.headers.authorization;
    const bearer = operation.acceptsBearer ? parseBearer(header, strict) : undefined;
    if (bearer?.kind === 'malformed') return [missing(bearer.reason)];
    const token = bearer?.kind === 'token' ? bearer.token : undefined;
    // The request Prism reads is made only when the verdict is not known beforehand (the usual bearer case).
    const findings =
      knownSecurityVerdict(operation, token !== undefined, header) ??
      (token !== undefined
        ? checkBearerToken(operation, token, securityRequest(exchange))
        : checkSecurity(operation, securityRequest(exchange)));
    if (findings.length > 0) return [missing(operation.credentialHint)];
    if (accepted.size === 0) return NO_FINDINGS;
    if (token !== undefined && !accepted.has(token)) return [rejected()];
    const scheme = operation.authorizationScheme;
    if (scheme !== undefined && header !== undefined && !accepted.has(afterScheme(header, scheme))) return [rejected()];
    return NO_FINDINGS;
  };
}

/**
 * The credential of a required Authorization parameter (an operation with no security requirement): the
 * value after its scheme word (case-insensitive, RFC 7235), or the whole value when it does not start so.
 */
function afterScheme(header: string, scheme: string): string {
  // Split by hand, not by a regular expression: a lazy group before trailing white space took time
  // quadratic in a header's run of spaces (a 16 KiB value held the event loop for a second).
  const value = header.trimStart();
  const space = value.search(/\s/);
  return space > 0 && value.slice(0, space).toLowerCase() === scheme.toLowerCase() ? value.slice(space).trim() : header;
}

function securityRequest(exchange: Exchange): SecurityRequest {
  return {
    headers: exchange.headers as PrismRequest['headers'],
    url: { path: exchange.path, query: exchange.query },
    // Set only under `--client-ca`, where every connection's certificate was verified.
    clientCertified: exchange.clientSubject !== undefined,
  };
}

type Bearer = { kind: 'token'; token: string } | { kind: 'malformed'; reason: string };

export function parseBearer(header: string | undefined, strict = false): Bearer | undefined {
  if (header === undefined) return undefined;
  // The usual header, `Bearer <token68>`, read without a match (a token68 holds no space to trim).
  if (header.startsWith('Bearer ')) {
    const token = header.slice(7);
    if (TOKEN68.test(token)) return { kind: 'token', token };
  }
  const match = /^\s*(\S+)(?:\s+(.*))?$/s.exec(header);
  if (match?.[1]?.toLowerCase() !== 'bearer') return undefined;
  const token = (match[2] ?? '').trim();
  if (token === '') return { kind: 'malformed', reason: 'the Bearer scheme needs a token; send "Authorization: Bearer <token>"' };
  if (strict && !TOKEN68.test(token)) return { kind: 'malformed', reason: 'the bearer token has characters RFC 6750 does not allow' };
  return { kind: 'token', token };
}

function missing(reason: string): Finding {
  return { location: 'security', path: [], code: 'missing-credentials', message: reason };
}

function rejected(): Finding {
  return { location: 'security', path: [], code: 'token-rejected', message: 'token not accepted' };
}
