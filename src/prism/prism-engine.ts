/**
 * The rest of the mock's one door to Stoplight Prism. It loads operations with Prism's spec reader and
 * runs Prism's security and input validators, turning their diagnostics into plain findings. The Prism
 * pieces themselves come from prism-internals.ts.
 */

import type { IncomingHttpHeaders } from 'node:http';
import { bundleSubset } from '../document/bundle-subset.js';
import type { QuerystringParameter } from '../document/oas32.js';
import type { JsonSchema } from '../json/json-schema.js';
import { readMockExtensions } from '../mock-extensions.js';
import type { EngineHandle, MockCallback, MockContent, MockHeader, MockOperation, MockParameter } from '../openapi/operation.js';
import type { Finding, FindingLocation } from '../problem.js';
import { answerBundle, answerForm } from './answer-form.js';
import { checkCookies } from './cookie-parameters.js';
import { createDirectBodyCheck, type DirectBodyCheck, prismValidatorOf } from './direct-body-check.js';
import { judgeEmptyParameters } from './empty-parameters.js';
import { type ObjectQueryCheck, splitObjectQuery } from './exploded-object-query.js';
import { type FormBodyCheck, splitFormBodies } from './form-body.js';
import { forPrismValidation } from './int64-schema.js';
import { indexPrismOperations, type OperationSource } from './load-operations.js';
import { withMergeableBody } from './merge-all-of.js';
import { type JsonPartsCheck, splitJsonParts } from './multipart-json-parts.js';
import { withoutCoercedOneOf } from './one-of-text.js';
import { perSchema } from './per-schema.js';
import { type PrismDiagnostic, ValidationContext, validateAgainstSchema, validatePathParams, validators } from './prism-internals.js';
import { checkQuerystring } from './querystring-parameter.js';
import { sharedSchema } from './shared-schema.js';

interface PrismContent {
  mediaType: string;
  schema?: JsonSchema;
  examples?: { key: string; value?: unknown }[];
  /** Copied from the document by load-operations.ts (Prism's transformers drop it). */
  itemSchema?: JsonSchema;
}
interface PrismHeader {
  name: string;
  required?: boolean;
  schema?: JsonSchema;
  examples?: { key: string; value?: unknown }[];
  style?: string;
  explode?: boolean;
}
interface PrismOperation {
  method: string;
  path: string;
  iid?: string;
  request?: {
    body?: { required?: boolean; contents?: PrismContent[] };
    headers?: PrismHeader[];
    query?: unknown[];
    path?: unknown[];
    cookie?: unknown[];
  };
  responses: { code: string; contents?: PrismContent[]; headers?: PrismHeader[] }[];
  servers?: { url: string; variables?: Record<string, { default?: unknown; enum?: unknown[] }> }[];
  security?: PrismSecurityScheme[][];
  /** The operation's callbacks, each in the form of an operation, its key (the callback's name) added. */
  callbacks?: (PrismOperation & { key?: string })[];
  /** OpenAPI 3.2's `in: querystring` parameter, which Prism does not know (see oas32.ts). */
  querystring?: QuerystringParameter;
  /** The operation's `x-` fields. */
  extensions?: Record<string, unknown>;
  /** Schemas Prism's bundler moved out of cycles, referenced as `#/__bundled__/…` from the operation's schemas. */
  __bundled__?: Record<string, unknown>;
}
interface PrismSecurityScheme {
  type: string;
  scheme?: string;
  name?: string;
  in?: string;
}
export interface PrismRequest {
  method: string;
  url: { path: string; query: Record<string, string | string[] | undefined> };
  /** The path parameters as the router read them (decoded), by the operation's names. */
  pathParams?: Readonly<Record<string, string>>;
  headers: Record<string, string | undefined>;
  body: unknown;
}
interface Handle extends EngineHandle {
  readonly prism: PrismOperation;
  /** What Prism's input validator is given: the operation less what the mock checks apart (exploded object query parameters). */
  readonly validated: PrismOperation;
  /** The same without path parameters, which the mock checks apart. */
  readonly withoutPath: PrismOperation;
  /** The check of exploded object query parameters, which Prism reads wrongly (exploded-object-query.ts). */
  readonly objectQuery: ObjectQueryCheck | undefined;
  /** Whether the operation declares header parameters, so Prism needs every request header. */
  readonly readsHeaders: boolean;
  /** The cookie parameters the operation declares (Prism itself checks none). */
  readonly cookies: readonly unknown[] | undefined;
  readonly direct: DirectBodyCheck | undefined;
  /** The check of multipart parts the document encodes as JSON, which Prism takes as text. */
  readonly jsonParts: JsonPartsCheck | undefined;
  /** The check of a form body read per its properties' styles, which Prism reads wrongly (form-body.ts). */
  readonly formBody: FormBodyCheck | undefined;
  /** Prism's verdict on any well-formed bearer token, when it cannot depend on the token or other headers. */
  readonly bearerVerdict: readonly Finding[] | undefined;
  /** Prism's verdict on a request without an Authorization header, under the same condition. */
  readonly anonymousVerdict: readonly Finding[] | undefined;
}

/**
 * The document's operations (Prism's reader, see load-operations), with the files and URLs it drew on.
 * Each operation is known by method, path and id at once; the rest is read from the document when first
 * asked for, so a server on a large document pays for the operations it serves. `parsed`: the document
 * already parsed from `specPath`; `refine` finishes each operation once it is made.
 */
export async function loadOperations(
  specPath: string,
  parsed?: object,
  refine: (operation: MockOperation) => MockOperation = (operation) => operation,
): Promise<{ operations: MockOperation[]; sources: string[]; webhooks: ReadonlyMap<string, () => MockCallback | undefined> }> {
  const { operations, sources, webhooks } = await indexPrismOperations(specPath, parsed);
  const callbacks = new Map<string, () => MockCallback | undefined>();
  for (const [name, read] of webhooks) {
    let made: { callback: MockCallback | undefined } | undefined;
    callbacks.set(name, () => {
      const prism = read() as PrismOperation | undefined;
      made ??= { callback: prism === undefined ? undefined : toCallback({ ...prism, key: name }, prism.__bundled__, undefined) };
      return made.callback;
    });
  }
  return { operations: operations.map((source) => new LazyOperation(source, refine)), sources, webhooks: callbacks };
}

/**
 * An operation whose contents are read from the document on first use. Its identity (id, method,
 * path) is known from the index; everything else comes from Prism's form of the operation.
 */
class LazyOperation implements MockOperation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly servers: MockOperation['servers'];
  readonly apiKeys: MockOperation['apiKeys'];
  readonly mockExtensions: MockOperation['mockExtensions'];
  readonly #source: OperationSource;
  readonly #refine: (operation: MockOperation) => MockOperation;
  #made: MockOperation | undefined;

  constructor(source: OperationSource, refine: (operation: MockOperation) => MockOperation) {
    this.method = source.method.toUpperCase();
    this.path = source.path;
    this.id = source.operationId ?? `${this.method} ${source.path}`;
    this.servers = source.servers;
    this.apiKeys = source.apiKeys;
    this.mockExtensions = source.mockExtensions;
    this.#source = source;
    this.#refine = refine;
  }

  get #operation(): MockOperation {
    this.#made ??= this.#refine(toMockOperation(this.#source.read() as PrismOperation));
    return this.#made;
  }

  get requestBody() {
    return this.#operation.requestBody;
  }
  get parameters() {
    return this.#operation.parameters;
  }
  get responses() {
    return this.#operation.responses;
  }
  get secured() {
    return this.#operation.secured;
  }
  get acceptsBearer() {
    return this.#operation.acceptsBearer;
  }
  get challengeSchemes() {
    return this.#operation.challengeSchemes;
  }
  get credentialHint() {
    return this.#operation.credentialHint;
  }
  get callbacks() {
    return this.#operation.callbacks;
  }
  get engine() {
    return this.#operation.engine;
  }
}

/**
 * What validating an operation needs, each part made on first use: a server on a large document starts
 * without compiling operations nobody calls. Handles live in the per-process spec cache, so what one
 * server compiled serves every server on the same document; what they memoise depends only on the
 * operation.
 */
class LazyHandle implements Handle {
  readonly __engineHandle = true as const;
  readonly readsHeaders: boolean;
  readonly cookies: readonly unknown[] | undefined;
  readonly #source: PrismOperation;
  #split: { operation: PrismOperation; check: JsonPartsCheck | undefined; form: FormBodyCheck | undefined } | undefined;
  #withoutPath: PrismOperation | undefined;
  #objects: { operation: PrismOperation; check: ObjectQueryCheck | undefined } | undefined;
  #direct: { check: DirectBodyCheck | undefined } | undefined;
  #bearer: { verdict: readonly Finding[] | undefined } | undefined;
  #anonymous: { verdict: readonly Finding[] | undefined } | undefined;

  constructor(source: PrismOperation) {
    this.#source = source;
    this.readsHeaders = (source.request?.headers?.length ?? 0) > 0;
    this.cookies = source.request?.cookie?.length ? source.request.cookie : undefined;
  }

  get prism(): PrismOperation {
    return this.#parts().operation;
  }

  get validated(): PrismOperation {
    this.#objects ??= splitObjectQuery(withMergeableBody(this.prism));
    return this.#objects.operation;
  }

  get objectQuery(): ObjectQueryCheck | undefined {
    this.#objects ??= splitObjectQuery(withMergeableBody(this.prism));
    return this.#objects.check;
  }

  /** What validateInput checks when the path parameters are checked apart (see checkInput). */
  get withoutPath(): PrismOperation {
    this.#withoutPath ??= withoutPathParameters(this.validated);
    return this.#withoutPath;
  }

  get jsonParts(): JsonPartsCheck | undefined {
    return this.#parts().check;
  }

  get formBody(): FormBodyCheck | undefined {
    return this.#parts().form;
  }

  #parts() {
    if (this.#split === undefined) {
      const parts = splitJsonParts(forPrismValidation(withoutEmptyParameterLists(this.#source)));
      const form = splitFormBodies(parts.operation);
      this.#split = { operation: form.operation, check: parts.check, form: form.check };
    }
    return this.#split;
  }

  get direct(): DirectBodyCheck | undefined {
    this.#direct ??= { check: createDirectBodyCheck(this.prism) };
    return this.#direct.check;
  }

  get bearerVerdict(): readonly Finding[] | undefined {
    this.#bearer ??= {
      verdict: onlyBearer(this.#source) ? securityVerdict(this.prism, headersOnly('Bearer any-well-formed-token')) : undefined,
    };
    return this.#bearer.verdict;
  }

  /** Apart from the bearer verdict: Prism's verdict on a rejection loads code a valid first request does not need. */
  get anonymousVerdict(): readonly Finding[] | undefined {
    this.#anonymous ??= { verdict: onlyBearer(this.#source) ? securityVerdict(this.prism, headersOnly(undefined)) : undefined };
    return this.#anonymous.verdict;
  }
}

function toMockOperation(prism: PrismOperation): MockOperation {
  const method = prism.method.toUpperCase();
  const schemes = (prism.security ?? []).flat();
  const body = prism.request?.body;
  const contentOf = (content: PrismContent) => toContent(content, prism.__bundled__);
  return {
    id: prism.iid ?? `${method} ${prism.path}`,
    method,
    path: prism.path,
    servers: (prism.servers ?? []).map(({ url, variables }) => (variables ? { url, variables } : { url })),
    requestBody: body ? { required: body.required === true, contents: (body.contents ?? []).map(contentOf) } : undefined,
    parameters: parametersOf(prism),
    responses: prism.responses.map((r) => ({
      code: r.code,
      contents: (r.contents ?? []).map(contentOf),
      headers: (r.headers ?? []).map(toHeader),
    })),
    secured: (prism.security ?? []).some((alternative) => alternative.length > 0),
    acceptsBearer: schemes.some((s) => s.type === 'http' && s.scheme?.toLowerCase() === 'bearer'),
    challengeSchemes: [...new Set(schemes.map(challengeScheme).filter((c): c is string => c !== undefined))],
    apiKeys: schemes.flatMap(apiKeyOf),
    credentialHint: [...new Set(schemes.map(credentialHint))].join(' or '),
    ...(prism.callbacks?.length ? { callbacks: prism.callbacks.map((callback) => toCallback(callback, prism.__bundled__)) } : {}),
    mockExtensions: readMockExtensions(prism.extensions, `${method} ${prism.path}`),
    engine: new LazyHandle(prism),
  };
}

/** A callback (with its URL template) or a webhook (without), from Prism's form of it. */
export function toCallback(
  prism: PrismOperation & { key?: string },
  bundled: Record<string, unknown> | undefined,
  url = prism.path,
): MockCallback {
  const body = prism.request?.body;
  const contentOf = (content: PrismContent) => toContent(content, bundled);
  const resource: PrismOperation = bundled === undefined ? prism : { ...prism, __bundled__: bundled };
  return {
    name: prism.key ?? prism.path,
    url,
    method: prism.method.toUpperCase(),
    headers: (prism.request?.headers ?? []).map(toHeader),
    query: named(prism.request?.query).map((parameter) => ({
      ...toHeader(parameter),
      ...(typeof parameter.style === 'string' ? { style: parameter.style } : {}),
      ...(typeof parameter.explode === 'boolean' ? { explode: parameter.explode } : {}),
    })),
    cookies: named(prism.request?.cookie).map(toHeader),
    requestBody: body ? { required: body.required === true, contents: (body.contents ?? []).map(contentOf) } : undefined,
    responses: prism.responses.map((r) => ({
      code: r.code,
      contents: (r.contents ?? []).map(contentOf),
      headers: (r.headers ?? []).map(toHeader),
    })),
    engine: { __engineHandle: true, prism: resource } as CallbackHandle,
  };
}

interface CallbackHandle extends EngineHandle {
  readonly prism: PrismOperation;
}

/**
 * Prism's verdict on what a consumer answered a callback or webhook: a status the document lists, and
 * headers and body that fit its response. Every diagnostic counts, as in checkOutput.
 */
export function checkCallbackAnswer(
  callback: MockCallback,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
): string[] {
  const result = validators.validateOutput({
    resource: (callback.engine as CallbackHandle).prism,
    element: { statusCode: status, headers: { ...headers }, body },
  });
  return result._tag === 'Right' ? [] : result.left.map((d) => d.message);
}

function challengeScheme(scheme: PrismSecurityScheme): string | undefined {
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'Bearer';
  if (scheme.type !== 'http' || !scheme.scheme) return undefined;
  return scheme.scheme.charAt(0).toUpperCase() + scheme.scheme.slice(1).toLowerCase();
}

function apiKeyOf(scheme: PrismSecurityScheme): MockOperation['apiKeys'] {
  if (scheme.type !== 'apiKey' || !scheme.name) return [];
  const where = scheme.in === 'header' || scheme.in === 'cookie' ? scheme.in : 'query';
  return [{ in: where, name: scheme.name }];
}

function credentialHint(scheme: PrismSecurityScheme): string {
  if (scheme.type === 'apiKey')
    return `send the API key in the ${scheme.in === 'header' ? 'header' : `${scheme.in ?? 'query'} parameter`} "${scheme.name ?? ''}"`;
  const http = challengeScheme(scheme) ?? 'Bearer';
  return `send "Authorization: ${http} ${http === 'Basic' ? '<base64 of user:password>' : '<token>'}"`;
}

/**
 * Prism runs its header, query and path validators whenever the lists exist, even empty; an empty list
 * can find nothing, but the path validator still compiles a URI template per request. Dropping empty
 * lists from the copy Prism validates against skips that work without changing any verdict.
 */
function withoutEmptyParameterLists(prism: PrismOperation): PrismOperation {
  const request = prism.request;
  if (!request) return prism;
  const trimmed = { ...request };
  for (const list of ['headers', 'query', 'path', 'cookie'] as const) {
    if (trimmed[list]?.length === 0) delete trimmed[list];
  }
  return { ...prism, request: trimmed };
}

function withoutPathParameters(prism: PrismOperation): PrismOperation {
  if (!prism.request?.path) return prism;
  const { path: _path, ...request } = prism.request;
  return { ...prism, request };
}

/** A schema that refers to the operation's bundle carries it, so its references resolve from its own root. */
function toContent(content: PrismContent, bundled: Record<string, unknown> | undefined): MockContent {
  const schema =
    content.schema && bundled && JSON.stringify(content.schema).includes('"#/__bundled__/')
      ? { ...content.schema, __bundled__: bundled }
      : content.schema;
  const examples = (content.examples ?? []).filter((e) => 'value' in e).map((e) => ({ name: e.key, value: e.value }));
  const item = content.itemSchema;
  return item === undefined
    ? { mediaType: content.mediaType, schema, examples }
    : { mediaType: content.mediaType, schema, examples, itemSchema: item };
}

const PARAMETER_LISTS = [
  ['path', 'path'],
  ['query', 'query'],
  ['headers', 'header'],
  ['cookie', 'cookie'],
] as const;

/** The operation's parameters, from Prism's lists of them (its reader merges the path item's in). */
function parametersOf(prism: PrismOperation): MockParameter[] {
  return PARAMETER_LISTS.flatMap(([list, where]) =>
    named(prism.request?.[list]).map((parameter) => {
      const { name, required, schema, examples } = toHeader(parameter);
      return { in: where, name, required, schema, examples };
    }),
  );
}

/** Prism's list of parameters of one kind, those with a name. */
function named(list: readonly unknown[] | undefined): PrismHeader[] {
  return ((list ?? []) as PrismHeader[]).filter((parameter) => typeof parameter?.name === 'string');
}

function toHeader(header: PrismHeader): MockHeader {
  return {
    name: header.name,
    required: header.required === true,
    schema: header.schema,
    examples: (header.examples ?? []).filter((e) => 'value' in e).map((e) => ({ name: e.key, value: e.value })),
  };
}

/**
 * What Prism's security check reads of a request: headers (bearer already normalised) and query; and
 * whether its connection presented a client certificate the server verified (`--client-ca`).
 */
export type SecurityRequest = Pick<PrismRequest, 'headers' | 'url'> & { readonly clientCertified?: boolean };

/**
 * Prism's bearer check only asks whether the header reads `Bearer <something>`; when every scheme the
 * operation accepts is HTTP bearer, its verdict on a well-formed token is the same for every token.
 */
function onlyBearer(prism: PrismOperation): boolean {
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

function headersOnly(authorization: string | undefined): SecurityRequest {
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

function securityVerdict(prism: PrismOperation, request: SecurityRequest): Finding[] {
  const element: PrismRequest = { method: prism.method.toUpperCase(), url: request.url, headers: request.headers, body: undefined };
  const result = validators.validateSecurity({ resource: prism, element });
  if (result._tag === 'Right' || metBeyondPrism(prism, request)) return [];
  return result.left.map((d) => ({ location: 'security', path: [], code: 'missing-credentials', message: d.message }));
}

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
  if (!handle.readsHeaders) {
    const few: Record<string, string | undefined> = { 'content-type': headers['content-type'], 'content-length': String(bodyLength) };
    if (handle.cookies) few.cookie = headers.cookie;
    return few;
  }
  const all: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) all[name] = Array.isArray(value) ? value.join(', ') : value;
  all['content-length'] = String(bodyLength);
  return all;
}

/**
 * Prism's verdict on body, query, headers and path parameters. The findings of a rejection the direct
 * body check remembers are made once and frozen: the same list for every body that breaks the schema
 * the same way.
 */
export function checkInput(operation: MockOperation, request: PrismRequest): readonly Finding[] {
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
  if (handle.jsonParts && contentType !== undefined) diagnostics.push(...handle.jsonParts(contentType, request.body));
  if (handle.formBody && contentType !== undefined) diagnostics.push(...handle.formBody(contentType, request.body));
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
  return findings;
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

const NONE: readonly Finding[] = Object.freeze([]);
const FINDINGS_OF = new WeakMap<readonly PrismDiagnostic[], readonly Finding[]>();

function rememberedFindings(diagnostics: readonly PrismDiagnostic[]): readonly Finding[] {
  let findings = FINDINGS_OF.get(diagnostics);
  if (findings === undefined) {
    findings = Object.freeze(diagnostics.map((d) => Object.freeze(toFinding(d))));
    for (const finding of findings) Object.freeze(finding.path);
    FINDINGS_OF.set(diagnostics, findings);
  }
  return findings;
}

/** Prism's DiagnosticSeverity.Error. */
const isError = (diagnostic: PrismDiagnostic) => diagnostic.severity === 0;

function prismOf(operation: MockOperation): PrismOperation {
  return (operation.engine as Handle).prism;
}

const LOCATIONS: Readonly<Record<string, FindingLocation>> = {
  body: 'body',
  query: 'query',
  header: 'header',
  path: 'path',
  cookie: 'cookie',
};

function toFinding(d: PrismDiagnostic): Finding {
  if (d.code === 415) return { location: 'media-type', path: [], code: 'unsupported-media-type', message: d.message };
  const [prefix, ...rest] = (d.path ?? []).map(String);
  const location = (prefix !== undefined && LOCATIONS[prefix]) || 'body';
  if (d.path === undefined && d.code === 'required') {
    return { location: 'body', path: [], code: 'body-required', message: 'is required' };
  }
  const description = `Request ${prefix ?? ''} ${rest.length > 0 ? `${prefix === 'body' ? 'property' : 'parameter'} ${rest.join('.')} ` : ''}`;
  const tail = d.message.startsWith(description) ? d.message.slice(description.length) : d.message;
  const missing = /^must have required property '(.+)'$/.exec(tail);
  if (missing?.[1] !== undefined) {
    return { location, path: [...rest, missing[1]], code: 'required', message: 'is required' };
  }
  return { location, path: rest, code: String(d.code ?? 'invalid'), message: shortened(tail) };
}

/** Longest finding message: Prism lists every allowed value of an enum, 50,000 of them if the document has them. */
const MAX_MESSAGE = 300;

function shortened(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}...` : message;
}

/**
 * Prism's verdict on a response the mock would send (used to check scenario files at load time): the
 * status must be one the operation defines, and the body and media type must fit that response. Every
 * diagnostic counts, warnings too (Prism only warns about an undefined 4xx status).
 */
export function checkOutput(operation: MockOperation, status: number, headers: Readonly<Record<string, string>>, body: unknown): string[] {
  const result = validators.validateOutput({
    resource: prismOf(operation),
    element: { statusCode: status, headers: { ...headers }, body },
  });
  return result._tag === 'Right' ? [] : result.left.map((d) => d.message);
}

/**
 * Prism's verdict on a value the document itself gives for a schema (an example, a default), as it
 * would judge that value in an answer: what is wrong, empty when it fits. `bundle`: the operation's
 * `__bundled__` schemas its references point into.
 */
export function checkDocumentValue(schema: JsonSchema, value: unknown, bundle: unknown): string[] {
  const shared = sharedSchema(answerForm(schema), answerBundle(bundleSubset(schema, bundle)));
  const result = validateAgainstSchema(value, shared.schema, false, ValidationContext.Output, 'body', shared.bundle);
  if (result._tag === 'None') return [];
  return result.value.map((d) => d.message.replace(/^Response body (property )?/, ''));
}

/**
 * checkDocumentValue for many values of one schema (upstream answers): Prism's compiled validator is
 * kept and run directly, so a value that fits costs the schema check alone, without the fp-ts
 * plumbing and two regular expressions per call around it; a value that does not fit goes to
 * checkDocumentValue for Prism's diagnostics. Where no validator can be kept, every value goes to
 * checkDocumentValue.
 */
export function compiledDocumentCheck(schema: JsonSchema, bundle: unknown): (value: unknown) => string[] {
  return COMPILED_CHECKS(schema, bundle);
}

const COMPILED_CHECKS = perSchema((schema, bundle): ((value: unknown) => string[]) => {
  // Prism compiled the schema before (checking the document's examples, say) and keeps that function to
  // itself: a copy of the schema, alike member for member, makes it compile an identical one in sight.
  const form = answerForm(schema);
  const formBundle = answerBundle(bundle);
  const validate = prismValidatorOf(form, formBundle) ?? prismValidatorOf({ ...form }, formBundle);
  if (validate === undefined) return (value) => checkDocumentValue(schema, value, bundle);
  return (value) => {
    try {
      if (validate(value) === true) return [];
    } catch {
      // Prism reads a validator that throws as no diagnostics: checkDocumentValue says so.
    }
    return checkDocumentValue(schema, value, bundle);
  };
});

/**
 * A check of values against one schema of the document (compiled on first use, by Prism's validator);
 * `direction` says whether readOnly (in a request) or writeOnly (in an answer) properties are not required.
 */
export function documentValueCheck(
  schema: JsonSchema,
  bundle: unknown,
  direction: 'request' | 'answer' = 'answer',
): (value: unknown) => boolean {
  return direction === 'request' ? REQUEST_CHECKS(schema, bundle) : ANSWER_CHECKS(schema, bundle);
}

const REQUEST_CHECKS = perSchema((schema, bundle) => valueCheck(schema, bundle, 'request'));
const ANSWER_CHECKS = perSchema((schema, bundle) => valueCheck(schema, bundle, 'answer'));

function valueCheck(schema: JsonSchema, bundle: unknown, direction: 'request' | 'answer'): (value: unknown) => boolean {
  const context = direction === 'request' ? ValidationContext.Input : ValidationContext.Output;
  // An answer is checked as 3.0 reads a `nullable` without a `type` (answer-form.ts); a request as Prism checks it.
  const subset = bundleSubset(schema, bundle);
  const shared = direction === 'answer' ? sharedSchema(answerForm(schema), answerBundle(subset)) : sharedSchema(schema, subset);
  return (value) => {
    try {
      return validateAgainstSchema(value, shared.schema, false, context, 'body', shared.bundle)._tag === 'None';
    } catch {
      return false;
    }
  };
}
