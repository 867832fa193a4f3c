/**
 * The issue's rule, one check per line of it: no 5xx, no leaks, a documented (or rightly catalogued)
 * status, a documented media type, a body and headers Prism's validateOutput accepts, and the
 * fixture's own expectations. Returns violations; never throws.
 */
import { createRequire } from 'node:module';
import { ERRORS } from '../../../src/index.js';
import { defaultStatus, fittingResponse, mediaTypeMatches, responseFor } from './documented.js';
import { isJson } from './serialize.js';
import type { Answer, CorpusRequest, PrismOperation, Rule, Violation } from './types.js';

type Diagnostic = { message: string; path?: readonly (string | number)[]; severity: number };
type ValidateOutput = (arg: {
  resource: PrismOperation;
  element: { statusCode: number; headers: Record<string, string>; body: unknown };
}) => { _tag: 'Left'; left: Diagnostic[] } | { _tag: 'Right' };
let validateOutput: ValidateOutput | undefined;

const LEAK = /\bat \S+ \(|\(\/[^)]*:\d+:\d+\)|\/(work|home|usr|tmp|Users)\/|node_modules|[A-Z]:\\/;
const CATALOGUE = new Map<string, { status: number; error: number }>(Object.entries(ERRORS));

export function header(answer: Answer, name: string): string | undefined {
  const value = answer.headers[name.toLowerCase()];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

export function checkAnswer(op: PrismOperation, request: CorpusRequest, answer: Answer): { rule: Rule; detail: string }[] {
  const found: { rule: Rule; detail: string }[] = [];
  const add = (rule: Rule, detail: string) => found.push({ rule, detail });
  const body = answer.body.slice(0, 300);
  if (answer.status >= 500) add('no-5xx', `${answer.status}: ${body}`);
  if (LEAK.test(answer.body)) add('no-leak', body);
  const catalogue = header(answer, 'x-mock-error');
  const fit = request.failure ? fittingResponse(op, request.failure) : undefined;
  if (request.failure && fit) {
    if (answer.status !== fit.status)
      add('status-for-failure', `a ${request.failure} failure calls for ${fit.status}, got ${answer.status}`);
    if (catalogue && fit.response)
      add(
        'document-response-used',
        `the document's ${fit.response.code} fits a ${request.failure} failure; the catalogue's ${catalogue} answered`,
      );
  } else if (catalogue && request.kind !== 'forced-status' && !request.outsideDocument) {
    add('status-documented', `a valid request was rejected: ${answer.status} ${catalogue} ${body}`);
  }
  if (request.kind === 'valid' && !catalogue && answer.status !== defaultStatus(op))
    add('status-documented', `default status should be ${defaultStatus(op)}, got ${answer.status}`);
  if (request.forcedStatus !== undefined && answer.status !== request.forcedStatus)
    add('expectation', `Prefer code=${request.forcedStatus} answered ${answer.status} ${body}`);
  if (catalogue) checkCatalogue(catalogue, answer, add);
  else if (!request.outsideDocument) checkDocumented(op, request, answer, add);
  checkExpectations(request, answer, add);
  return found;
}

function checkCatalogue(code: string, answer: Answer, add: (rule: Rule, detail: string) => void): void {
  const entry = CATALOGUE.get(code);
  if (!entry) {
    add('status-documented', `x-mock-error ${code} is not in the catalogue`);
    return;
  }
  if (entry.status !== answer.status) add('status-documented', `${code} answered ${answer.status}, catalogue says ${entry.status}`);
  if (answer.body === '') return;
  if (!/json/.test(header(answer, 'content-type') ?? '')) add('media-type', `catalogue answer as ${header(answer, 'content-type')}`);
}

function checkDocumented(op: PrismOperation, request: CorpusRequest, answer: Answer, add: (rule: Rule, detail: string) => void): void {
  const response = responseFor(op, answer.status);
  if (!response) {
    add('status-documented', `${answer.status} is not documented (documented: ${op.responses.map((r) => r.code).join(', ')})`);
    return;
  }
  const contentType = header(answer, 'content-type');
  const documented = (response.contents ?? []).map((c) => c.mediaType);
  if (answer.body !== '' && documented.length === 0)
    add('media-type', `response ${response.code} has no content, got ${contentType}: ${answer.body.slice(0, 80)}`);
  if (answer.body !== '' && documented.length > 0 && !mediaTypeMatches(contentType ?? '', documented))
    add('media-type', `${contentType ?? 'no Content-Type'} is not among ${documented.join(', ')}`);
  for (const h of response.headers ?? []) {
    if (h.required && header(answer, h.name) === undefined) add('required-headers', `${h.name} (required by ${response.code}) is missing`);
  }
  if (request.method === 'HEAD') return;
  validateOutput ??= (createRequire(import.meta.url)('@stoplight/prism-http/dist/validator') as { validateOutput: ValidateOutput })
    .validateOutput;
  const headers = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
  let parsed: unknown = answer.body;
  if (contentType && isJson(contentType) && answer.body !== '') {
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      add('output-valid', `declared ${contentType} but the body is not JSON: ${answer.body.slice(0, 80)}`);
      return;
    }
  }
  const element = { statusCode: answer.status, headers, body: answer.body === '' ? undefined : parsed };
  let result: ReturnType<ValidateOutput>;
  try {
    result = validateOutput({ resource: op, element });
  } catch {
    // Prism's header validator throws on some Swagger 2.0 headers (collectionFormat arrays): check the
    // body alone then; required-headers above has checked the headers' presence.
    result = validateOutput({ resource: { ...op, responses: op.responses.map((r) => ({ ...r, headers: [] })) }, element });
  }
  if (result._tag === 'Left') {
    const errors = result.left.filter((d) => d.severity === 0 && !falsePositive(d, contentType));
    if (errors.length > 0)
      add(
        'output-valid',
        errors
          .map((d) => `${(d.path ?? []).join('.')}: ${d.message}`)
          .join('; ')
          .slice(0, 300),
      );
  }
}

/**
 * Prism's findings the document does not support: int64 bounds at 2^53 (JSON.parse loses the exact
 * value the document itself wrote), and a non-JSON body (XML, text) checked as if it were the schema's
 * object: Prism does not parse those; the fixtures' own expectations check them instead.
 */
function falsePositive(diagnostic: Diagnostic, contentType: string | undefined): boolean {
  if (/must be [<>]= -?9007199254740991/.test(diagnostic.message)) return true;
  return (
    diagnostic.path?.[0] === 'body' &&
    !isJson(contentType ?? '') &&
    /must be (object|array|integer|number|boolean)/.test(diagnostic.message)
  );
}

function checkExpectations(request: CorpusRequest, answer: Answer, add: (rule: Rule, detail: string) => void): void {
  const expect = request.expect;
  if (!expect) return;
  const got = `${answer.status} ${header(answer, 'content-type') ?? ''} ${answer.body.slice(0, 120)}`;
  if (expect.status !== undefined && answer.status !== expect.status) add('expectation', `expected status ${expect.status}, got ${got}`);
  const essence = header(answer, 'content-type')?.split(';')[0]?.trim();
  if (expect.contentType && essence !== expect.contentType) add('expectation', `expected ${expect.contentType}, got ${got}`);
  if (expect.bodyIncludes && !answer.body.includes(expect.bodyIncludes))
    add('expectation', `expected the body to include ${expect.bodyIncludes}, got ${got}`);
  if (expect.bodyExcludes && answer.body.includes(expect.bodyExcludes))
    add('expectation', `expected the body without ${expect.bodyExcludes}, got ${got}`);
  if (expect.bodyEquals !== undefined && answer.body !== expect.bodyEquals)
    add('expectation', `expected the body ${JSON.stringify(expect.bodyEquals)}, got ${got}`);
  for (const [name, value] of Object.entries(expect.headers ?? {})) {
    const actual = header(answer, name);
    if (actual === undefined || (value !== true && actual !== value))
      add('expectation', `expected header ${name}: ${value}, got ${actual ?? 'none'}`);
  }
}

export function describeRequest(request: CorpusRequest): string {
  const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`);
  const payload = request.payload === undefined ? '' : ` body ${request.payload.slice(0, 120)}`;
  return `${request.method} ${request.url}${headers.length ? ` [${headers.join('; ')}]` : ''}${payload}`;
}

export function toViolations(
  document: string,
  operation: string,
  request: CorpusRequest,
  found: { rule: Rule; detail: string }[],
): Violation[] {
  return found.map((f) => ({ document, operation, kind: request.kind, request: describeRequest(request), ...f }));
}
