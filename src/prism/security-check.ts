/** Prism's security check, and what the mock knows of its verdict beforehand or beyond it. */
import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';
import { validators } from './prism-internals.js';
import {
  type Handle,
  type PrismOperation,
  type PrismRequest,
  type PrismSecurityScheme,
  prismOf,
  type SecurityRequest,
} from './prism-operation.js';

/**
 * Prism's bearer check only asks whether the header reads `Bearer <something>`; when every scheme the
 * operation accepts is HTTP bearer, its verdict on a well-formed token is the same for every token.
 */
export function onlyBearer(prism: PrismOperation): boolean {
  const alternatives = prism.security ?? [];
  return (
    alternatives.length > 0 &&
    alternatives.every((all) => all.length > 0 && all.every((s) => s.type === 'http' && s.scheme?.toLowerCase() === 'bearer'))
  );
}

const PRISM_HTTP_SCHEMES = new Set(['basic', 'bearer', 'digest']);

/**
 * Prism refuses every request for a scheme it does not know (`http` with RFC 8120's `mutual`, 3.1's
 * `mutualTLS`). Such a scheme is met by an `Authorization` header under the HTTP scheme's name, and
 * `mutualTLS` only by a client certificate the server verified (`--client-ca`): never by a request
 * that brings no credentials at all. An alternative made only of such schemes is met when each is; one
 * that mixes them with schemes Prism knows (bearer AND mutualTLS) when, besides, Prism's check of the
 * known part alone passes. Only asked once Prism refused, so the usual request never pays for it.
 */
function metBeyondPrism(prism: PrismOperation, request: SecurityRequest): boolean {
  const alternatives = beyondPrismOf(prism);
  if (alternatives.length === 0) return false;
  const scheme = /^\s*(\S+)\s+\S/.exec(String(request.headers.authorization ?? ''))?.[1]?.toLowerCase();
  const met = (s: PrismSecurityScheme) =>
    s.type === 'mutualTLS' ? request.clientCertified === true : scheme !== undefined && s.scheme?.toLowerCase() === scheme;
  return alternatives.some(({ unknown, known }) => unknown.every(met) && (known === undefined || prismSecurityPasses(known, request)));
}

/** An alternative with schemes Prism does not know: those, and the operation with only its known part left (none: all unknown). */
interface BeyondPrism {
  readonly unknown: readonly PrismSecurityScheme[];
  readonly known: PrismOperation | undefined;
}

/** Per operation, worked out on the first refusal: immutable, so shared by every server on the document. */
const BEYOND_PRISM = new WeakMap<PrismOperation, readonly BeyondPrism[]>();

function beyondPrismOf(prism: PrismOperation): readonly BeyondPrism[] {
  let alternatives = BEYOND_PRISM.get(prism);
  if (alternatives === undefined) {
    alternatives = (prism.security ?? []).flatMap((all): BeyondPrism[] => {
      const unknown = all.filter(unknownToPrism);
      if (unknown.length === 0) return [];
      const known = all.filter((s) => !unknownToPrism(s));
      return [{ unknown, known: known.length === 0 ? undefined : { ...prism, security: [known] } }];
    });
    BEYOND_PRISM.set(prism, alternatives);
  }
  return alternatives;
}

function unknownToPrism(s: PrismSecurityScheme): boolean {
  return s.type === 'mutualTLS' || (s.type === 'http' && !PRISM_HTTP_SCHEMES.has(s.scheme?.toLowerCase() ?? ''));
}

function prismSecurityPasses(prism: PrismOperation, request: SecurityRequest): boolean {
  const element: PrismRequest = { method: prism.method.toUpperCase(), url: request.url, headers: request.headers, body: undefined };
  return validators.validateSecurity({ resource: prism, element })._tag === 'Right';
}

export function headersOnly(authorization: string | undefined): SecurityRequest {
  return { headers: { authorization }, url: { path: '', query: {} } };
}

/** Prism's verdict on a well-formed (RFC 6750) bearer token: worked out once per operation where it can be. */
export function checkBearerToken(operation: MockOperation, token: string, request: SecurityRequest): readonly Finding[] {
  const cached = (operation.engine as Handle).bearerVerdict;
  if (cached) return cached;
  return securityVerdict(prismOf(operation), { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
}

/**
 * The verdict checkBearerToken (with a well-formed bearer token) or checkSecurity (without an
 * Authorization header) would give whatever else the request holds, when known beforehand; undefined
 * when Prism must see the request.
 */
export function knownSecurityVerdict(
  operation: MockOperation,
  bearerToken: boolean,
  authorization: string | undefined,
): readonly Finding[] | undefined {
  const handle = operation.engine as Handle;
  if (bearerToken) return handle.bearerVerdict;
  return authorization === undefined ? handle.anonymousVerdict : undefined;
}

/** Prism's verdict on the credentials (API keys in headers or query, Basic, ...). */
export function checkSecurity(operation: MockOperation, request: SecurityRequest): readonly Finding[] {
  if (request.headers.authorization === undefined) {
    const anonymous = (operation.engine as Handle).anonymousVerdict;
    if (anonymous) return anonymous;
  }
  return securityVerdict(prismOf(operation), request);
}

export function securityVerdict(prism: PrismOperation, request: SecurityRequest): Finding[] {
  const element: PrismRequest = { method: prism.method.toUpperCase(), url: request.url, headers: request.headers, body: undefined };
  const result = validators.validateSecurity({ resource: prism, element });
  if (result._tag === 'Right' || metBeyondPrism(prism, request)) return [];
  return result.left.map((d) => ({ location: 'security', path: [], code: 'missing-credentials', message: d.message }));
}
