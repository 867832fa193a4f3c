/**
 * The model's operations from Prism's form of them: loaded with Prism's reader (load-operations.ts),
 * each read from the document on first use, callbacks and webhooks alike.
 */
import { readMockExtensions } from '../mock-extensions.js';
import type { MockCallback, MockContent, MockHeader, MockOperation, MockParameter } from '../openapi/operation.js';
import { indexPrismOperations, type OperationSource, type ReferenceRules } from './load-operations.js';
import { LazyHandle } from './operation-handle.js';
import { AUTHORIZATION_PARAMETER } from './operation-repairs.js';
import type { CallbackHandle, PrismContent, PrismHeader, PrismOperation, PrismSecurityScheme } from './prism-operation.js';

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
  refs?: ReferenceRules,
): Promise<{ operations: MockOperation[]; sources: string[]; webhooks: ReadonlyMap<string, () => MockCallback | undefined> }> {
  const { operations, sources, webhooks } = await indexPrismOperations(specPath, parsed, refs);
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
  get authorizationScheme() {
    return this.#operation.authorizationScheme;
  }
  get callbacks() {
    return this.#operation.callbacks;
  }
  get engine() {
    return this.#operation.engine;
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
    ...authorizationSchemeOf(schemes),
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

function challengeScheme(scheme: PrismSecurityScheme): string | undefined {
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'Bearer';
  // The key a required Authorization parameter stands for (operation-repairs.ts) names its HTTP scheme.
  if (scheme.type === 'apiKey') return scheme.scheme;
  if (scheme.type !== 'http' || !scheme.scheme) return undefined;
  return scheme.scheme.charAt(0).toUpperCase() + scheme.scheme.slice(1).toLowerCase();
}

function apiKeyOf(scheme: PrismSecurityScheme): MockOperation['apiKeys'] {
  if (scheme.type !== 'apiKey' || !scheme.name) return [];
  const where = scheme.in === 'header' || scheme.in === 'cookie' ? scheme.in : 'query';
  return [{ in: where, name: scheme.name }];
}

function authorizationSchemeOf(schemes: readonly PrismSecurityScheme[]): { authorizationScheme?: string } {
  const scheme = schemes.find((s) => s.id === AUTHORIZATION_PARAMETER)?.scheme;
  return scheme === undefined ? {} : { authorizationScheme: scheme };
}

function credentialHint(scheme: PrismSecurityScheme): string {
  if (scheme.type === 'apiKey' && scheme.scheme === undefined)
    return `send the API key in the ${scheme.in === 'header' ? 'header' : `${scheme.in ?? 'query'} parameter`} "${scheme.name ?? ''}"`;
  const http = challengeScheme(scheme) ?? 'Bearer';
  return `send "Authorization: ${http} ${http === 'Basic' ? '<base64 of user:password>' : '<token>'}"`;
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
