/**
 * The requests sent to each operation: one valid request (every required parameter, a body from the
 * schema, credentials of the first security alternative), its HEAD/forced/dynamic variants, invalid
 * variants (one defect each, named by kind and by the failure it must be rejected for) and the
 * fixture's own `x-corpus-cases`.
 */
import { defaultStatus, responseFor } from './documented.js';
import { resolve, sampleValue, wrongTypeValue } from './sample-value.js';
import { concreteMediaType, credentialFor, encodeBody, headerValue, isJson, isXml, pathValue, queryPairs } from './serialize.js';
import type { CorpusOperation, CorpusRequest, PrismContent, PrismParameter, Schema } from './types.js';
import { type Place, validValue } from './valid-values.js';

/** What a request is made of before it is put on the wire; variants edit a copy. */
export interface RequestParts {
  pathValues: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  cookies: Record<string, unknown>;
  body?: { mediaType: string; value: unknown };
  credentials: boolean;
}

/** Why some part of the valid request could not be built valid (empty when every part is). */
export type Unbuildable = readonly string[];

const unbuildable = new WeakMap<RequestParts, Unbuildable>();

/** What validParts could not build valid for these parts: such a request is "not buildable", never the mock's fault. */
export function unbuildableParts(parts: RequestParts): Unbuildable {
  return unbuildable.get(parts) ?? [];
}

/** JSON first, then forms, then what the document lists first: the body a client most likely sends. */
function preferredContent(contents: readonly PrismContent[] | undefined): PrismContent | undefined {
  const rank = (c: PrismContent) =>
    isJson(c.mediaType) ? 0 : /x-www-form-urlencoded|multipart\/form-data/i.test(c.mediaType) ? 1 : c.mediaType.includes('*') ? 3 : 2;
  return [...(contents ?? [])].sort((a, b) => rank(a) - rank(b))[0];
}

function bodyPlace(mediaType: string): Place {
  if (isXml(mediaType)) return 'xml body';
  return /x-www-form-urlencoded|multipart\/form-data/i.test(mediaType) ? 'form body' : 'body';
}

export function validParts(operation: CorpusOperation): RequestParts {
  const op = operation.prism;
  const problems: string[] = [];
  const build = (where: Place, name: string, schema: Schema | undefined, examples: readonly unknown[]) => {
    const built = validValue(schema, op, where, examples);
    if (built.ok) return built.value;
    problems.push(`${where} ${name}: ${built.reason}`);
    return sampleValue(schema, op) ?? 'fern';
  };
  const values = (where: Place, list: readonly PrismParameter[] | undefined, all: boolean) =>
    Object.fromEntries(
      (list ?? [])
        .filter((p) => all || p.required)
        .map((p) => [
          p.name,
          build(
            where,
            p.name,
            p.schema,
            (p.examples ?? []).map((e) => e.value).filter((v) => v !== undefined),
          ),
        ]),
    );
  const content = preferredContent(op.request?.body?.contents);
  const bodyExamples = (content?.examples ?? []).map((e) => e.value).filter((v) => v !== undefined);
  const parts: RequestParts = {
    pathValues: values('path', op.request?.path, true),
    query: values('query', op.request?.query, false),
    headers: values('header', op.request?.headers, false),
    cookies: values('cookie', op.request?.cookie, false),
    body: content
      ? {
          mediaType: concreteMediaType(content.mediaType),
          value: build(bodyPlace(content.mediaType), content.mediaType, content.schema, bodyExamples) ?? {},
        }
      : undefined,
    credentials: true,
  };
  unbuildable.set(parts, problems);
  return parts;
}

export function render(operation: CorpusOperation, parts: RequestParts, kind: CorpusRequest['kind']): CorpusRequest {
  const op = operation.prism;
  const byName = new Map((op.request?.path ?? []).map((p) => [p.name, p]));
  // A path key such as AWS's `/tags/{arn}#tagKeys` names its operation after the `#`: no request carries it.
  // A `#` followed by more path (`/send/#env/v1/...`) is a character of the path, sent as `%23`.
  // Literal text (e.g. `/test path`) is encoded once; parameter values are encoded as values, so a `/`
  // inside one stays `%2F` and never adds a segment.
  const path = op.path
    .replace(/#[^/]*$/, '')
    .split(/(\{[^}]+\})/)
    .map((piece) => {
      const name = /^\{([^}]+)\}$/.exec(piece)?.[1];
      return name === undefined
        ? encodeURI(piece).replaceAll('#', '%23')
        : pathValue(byName.get(name) ?? { name }, parts.pathValues[name] ?? 'fern');
    })
    .join('');
  const query: string[] = [];
  for (const parameter of op.request?.query ?? []) {
    if (parts.query[parameter.name] !== undefined) query.push(...queryPairs(parameter, parts.query[parameter.name]));
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parts.headers)) headers[name.toLowerCase()] = headerValue(value);
  const cookies = Object.entries(parts.cookies).map(([name, value]) => `${name}=${encodeURIComponent(headerValue(value))}`);
  const alternative = op.security?.find((a) => a.length > 0);
  if (parts.credentials && alternative) {
    for (const scheme of alternative) {
      const credential = credentialFor(scheme);
      // A key the operation also declares as a parameter (with its own pattern) keeps the parameter's valid value.
      if (credential.header && headers[credential.header[0]] === undefined) headers[credential.header[0]] = credential.header[1];
      if (credential.query && !query.some((pair) => pair.split('=')[0] === credential.query?.split('=')[0])) query.push(credential.query);
      if (credential.cookie) cookies.push(credential.cookie);
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  let payload: string | undefined;
  if (parts.body) {
    const encoded = encodeBody(parts.body.mediaType, parts.body.value);
    headers['content-type'] = encoded.contentType;
    payload = encoded.payload;
  }
  // A documented `Content-Length` parameter is the transport's own: a client sends the body's length, never an example.
  if (headers['content-length'] !== undefined) headers['content-length'] = String(Buffer.byteLength(payload ?? ''));
  // A path key with a query part of its own (`/current?lat={lat}`) is followed by the rest of the query.
  const url = path + (query.length > 0 ? `${path.includes('?') ? '&' : '?'}${query.join('&')}` : '');
  return { kind, method: op.method.toUpperCase(), url, headers, payload };
}

const clone = (parts: RequestParts): RequestParts => structuredClone(parts);

/** The body schema's object, resolved, when the body is a JSON-ish or form object. */
function bodyObjectSchema(operation: CorpusOperation): Schema | undefined {
  const schema = resolve(preferredContent(operation.prism.request?.body?.contents)?.schema, operation.prism);
  return schema?.properties ? schema : undefined;
}

/** Every request of an operation, built around `valid` (the property test passes generated parts). */
export function buildRequests(operation: CorpusOperation, valid: RequestParts = validParts(operation)): CorpusRequest[] {
  const op = operation.prism;
  const requests = [render(operation, valid, 'valid')];
  if (op.method === 'get') requests.push({ ...render(operation, valid, 'head'), method: 'HEAD' });
  const numeric = op.responses.map((r) => Number(r.code)).filter(Number.isInteger);
  if (numeric.length > 0) {
    const forced = Math.max(...numeric);
    const request = render(operation, valid, 'forced-status');
    requests.push({ ...request, forcedStatus: forced, headers: { ...request.headers, prefer: `code=${forced}` } });
  }
  const dynamic = render(operation, valid, 'dynamic');
  requests.push({ ...dynamic, headers: { ...dynamic.headers, prefer: 'dynamic=true' } });

  const objectSchema = bodyObjectSchema(operation);
  const required = (objectSchema?.required as string[] | undefined) ?? [];
  if (valid.body && required.length > 0 && typeof valid.body.value === 'object' && valid.body.value !== null) {
    const parts = clone(valid);
    const value = parts.body?.value as Record<string, unknown>;
    delete value[required[0] as string];
    requests.push({ ...render(operation, parts, 'missing-body-field'), failure: 'validation' });
  }
  const wrong = wrongTypeParts(operation, valid, objectSchema);
  if (wrong) requests.push({ ...render(operation, wrong, 'wrong-type'), failure: 'validation' });
  if ((op.security ?? []).length > 0 && op.security?.every((a) => a.length > 0)) {
    requests.push({ ...render(operation, { ...clone(valid), credentials: false }, 'no-credentials'), failure: 'credentials' });
  }
  const accepted = op.request?.body?.contents ?? [];
  if (valid.body && !accepted.some((c) => c.mediaType.includes('*'))) {
    const request = render(operation, valid, 'wrong-content-type');
    requests.push({ ...request, failure: 'content-type', headers: { ...request.headers, 'content-type': 'application/x-corpus-unknown' } });
  }
  // Negotiation chooses among representations: an answer without content (a bodiless 201 or 204) has
  // none to refuse, and RFC 9110 lets it disregard Accept; so does one whose own Accept parameter says what to send.
  const declaresAccept = (op.request?.headers ?? []).some((h) => h.name.toLowerCase() === 'accept');
  if ((responseFor(op, defaultStatus(op))?.contents ?? []).length > 0 && !declaresAccept) {
    const request = render(operation, valid, 'unacceptable-accept');
    requests.push({ ...request, failure: 'negotiation', headers: { ...request.headers, accept: 'application/x-corpus-unacceptable' } });
  }
  return [...requests, ...fixtureCases(operation, valid)];
}

/** A typed path or query parameter given text of another type; else a body property of another type. */
function wrongTypeParts(operation: CorpusOperation, valid: RequestParts, objectSchema: Schema | undefined): RequestParts | undefined {
  const op = operation.prism;
  for (const [where, list] of [
    ['pathValues', op.request?.path],
    ['query', op.request?.query],
  ] as const) {
    const parameter = (list ?? []).find((p) => ['integer', 'number', 'boolean'].includes(String(resolve(p.schema, op)?.type)));
    if (parameter) {
      const parts = clone(valid);
      parts[where][parameter.name] = 'not-a-number';
      return parts;
    }
  }
  if (!objectSchema || !valid.body || typeof valid.body.value !== 'object' || valid.body.value === null) return undefined;
  // A form or multipart field is text: only a number or boolean field can be given text of another type.
  const textual = !isJson(valid.body.mediaType);
  for (const [name, property] of Object.entries(objectSchema.properties as Record<string, Schema>)) {
    const type = String(resolve(property, op)?.type);
    if (textual && !['integer', 'number', 'boolean'].includes(type)) continue;
    const value = textual ? 'not-a-number' : wrongTypeValue(property, op);
    if (value === undefined || resolve(property, op)?.readOnly === true) continue;
    const parts = clone(valid);
    (parts.body?.value as Record<string, unknown>)[name] = value;
    return parts;
  }
  return undefined;
}

function fixtureCases(operation: CorpusOperation, valid: RequestParts): CorpusRequest[] {
  return operation.cases.map((fixture) => {
    const base = render(operation, valid, `case: ${fixture.name}`);
    const headers = fixture.headers ? { ...base.headers, ...fixture.headers } : base.headers;
    return {
      ...base,
      method: fixture.method ?? base.method,
      url: fixture.path ?? base.url,
      headers,
      payload: fixture.body ?? base.payload,
      failure: fixture.failure,
      outsideDocument: fixture.outsideDocument,
      expect: fixture.expect,
    };
  });
}
