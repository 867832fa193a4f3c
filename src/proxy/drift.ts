import type { JsonSchema } from '../json/json-schema.js';
import { parseJson } from '../json/parse-json.js';
import { decodeContent } from '../openapi/content-coding.js';
import { findResponse } from '../openapi/find-response.js';
import { essenceOf, isJsonMediaType } from '../openapi/media-type.js';
import type { MockContent, MockOperation } from '../openapi/operation.js';
import { approximateBigIntegers, checkInt64Range } from '../pipeline/int-range.js';
import { compiledDocumentCheck } from '../prism/prism-engine.js';
import type { DriftFinding } from '../provenance.js';

/** An upstream answer as the drift check reads it. */
export interface UpstreamAnswer {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The whole body, or undefined when it was larger than the body limit and streamed unchecked. */
  readonly body: Buffer | undefined;
}

/** Statuses and methods whose answers never carry content. */
const NO_CONTENT = new Set([204, 205, 304]);

/**
 * What an upstream answer breaks in the document, as the mock holds its own answers to it: a
 * documented status, a documented media type, the required headers, the body's schema (through the
 * same validator as requests) and the exact int64 range. Empty when the answer fits.
 */
export function checkDrift(operation: MockOperation, method: string, answer: UpstreamAnswer, maxBytes: number): DriftFinding[] {
  const response = findResponse(operation, answer.status);
  if (response === undefined) {
    const documented = operation.responses.map((r) => r.code).join(', ');
    return [{ kind: 'status', at: '', message: `status ${answer.status} is not documented (documented: ${documented})` }];
  }
  const findings: DriftFinding[] = [];
  for (const header of response.headers) {
    const name = header.name.toLowerCase();
    if (header.required && name !== 'content-type' && answer.headers[name] === undefined)
      findings.push({ kind: 'header', at: name, message: `required header ${header.name} is missing` });
  }
  const bodyless = method === 'HEAD' || NO_CONTENT.has(answer.status) || (answer.body !== undefined && answer.body.length === 0);
  const contentType = first(answer.headers['content-type']);
  if (response.contents.length === 0 || bodyless) {
    if (response.contents.length === 0 && !bodyless)
      findings.push({
        kind: 'media-type',
        at: '',
        message: `status ${answer.status} is documented without content; got a ${contentType ?? 'untyped'} body`,
      });
    return findings;
  }
  if (contentType === undefined) {
    findings.push({ kind: 'media-type', at: '', message: `the body has no Content-Type (documented: ${typesOf(response.contents)})` });
    return findings;
  }
  const content = matchingContent(response.contents, contentType);
  if (content === undefined) {
    findings.push({
      kind: 'media-type',
      at: '',
      message: `Content-Type ${essenceOf(contentType)} is not documented (documented: ${typesOf(response.contents)})`,
    });
    return findings;
  }
  if (answer.body === undefined || content.schema === undefined || !isJsonMediaType(contentType)) return findings;
  findings.push(...checkJsonBody(content.schema, answer.body, first(answer.headers['content-encoding']), maxBytes));
  return findings;
}

function checkJsonBody(schema: JsonSchema, bytes: Buffer, encoding: string | undefined, maxBytes: number): DriftFinding[] {
  const decoded = decodeContent(bytes, encoding, maxBytes);
  if (typeof decoded === 'string') return [{ kind: 'body', at: '', message: decoded }];
  const parsed = parseJson(decoded.toString('utf8'));
  if (!parsed.ok) return [{ kind: 'body', at: '', message: `the body is not JSON: ${parsed.message}` }];
  const { approximate, bigIntegers } = parsed.hasBigIntegers
    ? approximateBigIntegers(parsed.value)
    : { approximate: parsed.value, bigIntegers: [] };
  const findings: DriftFinding[] = bodyCheckOf(schema)(approximate).map((message) => ({
    kind: 'body',
    at: '',
    message,
  }));
  for (const finding of checkInt64Range(schema, bigIntegers))
    findings.push({ kind: 'int64', at: `/${finding.path.join('/')}`, message: finding.message });
  return findings;
}

/** Each response schema's check, made on its first upstream answer (schemas of a loaded document never change). */
const bodyChecks = new WeakMap<JsonSchema, (value: unknown) => string[]>();

function bodyCheckOf(schema: JsonSchema): (value: unknown) => string[] {
  let check = bodyChecks.get(schema);
  if (check === undefined) {
    check = compiledDocumentCheck(schema, schema.__bundled__);
    bodyChecks.set(schema, check);
  }
  return check;
}

/** The documented content a Content-Type falls under: its exact type first, then a range (`application/*`, `*\/*`). */
function matchingContent(contents: readonly MockContent[], contentType: string): MockContent | undefined {
  const essence = essenceOf(contentType);
  const [type] = essence.split('/');
  return (
    contents.find((c) => essenceOf(c.mediaType) === essence) ??
    contents.find((c) => essenceOf(c.mediaType) === `${type}/*`) ??
    contents.find((c) => essenceOf(c.mediaType) === '*/*')
  );
}

function typesOf(contents: readonly MockContent[]): string {
  return contents.map((c) => c.mediaType).join(', ');
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The `x-mock-drift` header: each kind once with its first message, short and printable. */
export function driftHeader(findings: readonly DriftFinding[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const finding of findings) {
    if (seen.has(finding.kind)) continue;
    seen.add(finding.kind);
    parts.push(`${finding.kind}: ${finding.at === '' ? '' : `${finding.at} `}${finding.message}`);
  }
  const text = parts.join('; ').replace(/[^\x20-\x7e]/g, '?');
  return text.length > MAX_HEADER ? `${text.slice(0, MAX_HEADER - 3)}...` : text;
}

const MAX_HEADER = 512;
