/** Prism's input validation with the checks the mock adds beside it (path, cookies, forms, JSON parts, 3.2's querystring). */
import type { IncomingHttpHeaders } from 'node:http';
import { AUTO_FORMATS, type PlaceFormats } from '../document/dialect-names.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';
import { checkCookies } from './cookie-parameters.js';
import { withDeclaredNames } from './declared-names.js';
import { judgeEmptyParameters } from './empty-parameters.js';
import { withoutCoercedOneOf } from './one-of-text.js';
import { isError, NONE, rememberedFindings, toFinding } from './prism-findings.js';
import { ValidationContext, validatePathParams, validators } from './prism-internals.js';
import { type Handle, type PrismRequest, prismOf } from './prism-operation.js';
import { checkQuerystring } from './querystring-parameter.js';
import { documentValueCheck } from './value-check.js';

/**
 * The request headers Prism needs, as single strings: all of them when the operation declares header
 * parameters, else only the two its body check reads (a copy of every header per request is waste).
 * `content-length` is the received body's length: chunked requests carry none, and Prism only checks
 * the media type when it says there is a body.
 */
export function headersForInput(
  operation: MockOperation,
  headers: IncomingHttpHeaders,
  bodyLength: number,
): Record<string, string | undefined> {
  const handle = operation.engine as Handle;
  // With no body documented, the Content-Type names nothing Prism judges, and its parser throws on an odd one.
  const contentType = operation.requestBody === undefined ? undefined : headers['content-type'];
  if (!handle.readsHeaders) {
    const few: Record<string, string | undefined> = { 'content-type': contentType, 'content-length': String(bodyLength) };
    if (handle.cookies) few.cookie = headers.cookie;
    return few;
  }
  const all: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) all[name] = Array.isArray(value) ? value.join(', ') : value;
  all['content-length'] = String(bodyLength);
  all['content-type'] = contentType;
  return all;
}

/** How arrays and objects are spelled in the query and in form bodies (`--query-array-format` and its siblings). */
export interface DialectFormats {
  readonly query: PlaceFormats;
  readonly form: PlaceFormats;
}
export const AUTO_DIALECTS: DialectFormats = Object.freeze({ query: AUTO_FORMATS, form: AUTO_FORMATS });

/**
 * Prism's verdict on body, query, headers and path parameters. The findings of a rejection the direct
 * body check remembers are made once and frozen: the same list for every body that breaks the schema
 * the same way.
 */
export function checkInput(operation: MockOperation, given: PrismRequest, formats: DialectFormats = AUTO_DIALECTS): readonly Finding[] {
  const dialects = (operation.engine as Handle).queryDialects;
  const query = dialects === undefined ? given.url.query : dialects(given.url.query, formats.query);
  const request = query === given.url.query ? given : { ...given, url: { ...given.url, query: query as PrismRequest['url']['query'] } };
  const contentType = request.headers['content-type'];
  const direct = contentType === undefined ? undefined : (operation.engine as Handle).direct?.(contentType, request.body);
  if (direct) return direct.length === 0 ? NONE : Object.isFrozen(direct) ? rememberedFindings(direct) : direct.map(toFinding);
  const handle = operation.engine as Handle;
  const specs = handle.prism.request?.path;
  const result = validators.validateInput({ resource: specs ? handle.withoutPath : handle.validated, element: request });
  // Only errors refuse a request: Prism warns of a deprecated parameter that was sent, as it should be.
  const diagnostics = result._tag === 'Right' ? [] : result.left.filter(isError);
  if (specs) {
    const path = validatedPath(request.pathParams ?? {}, specs, handle.prism.__bundled__);
    if (path === undefined)
      return [{ location: 'path', path: [], code: 'style', message: 'does not follow the style its parameter declares' }];
    if (path._tag === 'Left')
      diagnostics.push(
        ...withoutCoercedOneOf(path.left.filter(isError), 'path', specs, request.pathParams ?? {}, handle.prism.__bundled__),
      );
  }
  if (handle.jsonParts && contentType !== undefined) diagnostics.push(...handle.jsonParts(contentType, request.body, formats.form));
  if (handle.formBody && contentType !== undefined) diagnostics.push(...handle.formBody(contentType, request.body, formats.form));
  if (handle.objectQuery) diagnostics.push(...handle.objectQuery(request.url.query));
  const textual = withoutCoercedOneOf(
    withoutCoercedOneOf(diagnostics, 'query', handle.prism.request?.query, request.url.query, handle.prism.__bundled__),
    'header',
    handle.prism.request?.headers,
    request.headers,
    handle.prism.__bundled__,
  );
  const findings = judgeEmptyParameters(
    textual.map(toFinding),
    handle.prism.request,
    { query: request.url.query, headers: request.headers },
    handle.prism.__bundled__,
    (schema, bundle) => documentValueCheck(schema, bundle, 'request'),
  );
  if (handle.cookies) findings.push(...checkCookies(handle.cookies, request.headers.cookie, prismOf(operation).__bundled__).map(toFinding));
  const querystring = handle.prism.querystring;
  if (querystring) findings.push(...checkQuerystring(querystring, request.url.query, handle.prism.__bundled__));
  return withDeclaredNames(findings, handle.prism.request);
}

/**
 * Prism's matrix and label deserializers throw on a path value without their prefix (`/matrix/1` for
 * `;point=1`), a client's mistake rather than a bug: undefined then, answered as a finding.
 */
/**
 * Prism's matrix and label deserializers throw on a value without their prefix (`;id=` or `.`) instead
 * of reporting it: that is a client's malformed path, not the mock's failure.
 */
function validatedPath(
  params: Readonly<Record<string, string>>,
  specs: readonly unknown[],
  bundle: unknown,
): ReturnType<typeof validatePathParams> | undefined {
  try {
    return validatePathParams(params, specs, ValidationContext.Input, bundle);
  } catch (error) {
    if (/serialization style requires/i.test((error as Error).message)) return undefined;
    throw error;
  }
}
