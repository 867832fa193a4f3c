import type { DataGenerator } from '../generate/data-generator.js';
import type { MockHeader, MockResponseSpec } from '../openapi/operation.js';
import { documentedValue } from '../openapi/schema-value.js';

/** The documented headers of one response, with their values, worked out once per response. */
export interface HeaderPlan {
  /** Every documented header: what static answers send. */
  readonly all: Readonly<Record<string, string>>;
  /** The required ones only: what generated (dynamic) answers send. */
  readonly required: Readonly<Record<string, string>>;
}

export const NO_HEADERS: HeaderPlan = { all: {}, required: {} };

/**
 * Generated header values come from a fixed seed of their own, so a header's value is the same on
 * every answer and planning never moves the server's own generator on.
 */
const HEADER_SEED = 1;

/**
 * Headers the mock writes itself: the framing, its own `x-mock-*` detail and CORS. A document may
 * describe them, but never overrides them.
 */
export function isOwnedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower === 'content-type' ||
    lower === 'content-length' ||
    lower === 'transfer-encoding' ||
    lower === 'connection' ||
    lower.startsWith('x-mock-') ||
    lower.startsWith('access-control-')
  );
}

/** The values of a response's documented headers: example, `examples`, schema default/example/const/enum, else generated. */
export function planHeaders(response: MockResponseSpec | undefined, generator: DataGenerator, serveInvalidExamples = false): HeaderPlan {
  const headers = (response?.headers ?? []).filter((h) => !isOwnedHeader(h.name));
  if (headers.length === 0) return NO_HEADERS;
  const all: Record<string, string> = {};
  const required: Record<string, string> = {};
  for (const header of headers) {
    const value = headerValue(serveInvalidExamples ? header : validPart(header), generator);
    if (value === undefined) continue;
    const name = header.name.toLowerCase();
    all[name] = value;
    if (header.required) required[name] = value;
  }
  return { all, required };
}

/** The header less its examples and schema words that break its schema (see example-check.ts). */
export function validPart(header: MockHeader): MockHeader {
  const verdict = header.verdict?.();
  if (!verdict) return header;
  return { ...header, schema: verdict.schema, examples: header.examples.filter((e) => !verdict.invalid.has(e.name)) };
}

/** One header's value: its example, else its schema's documented value, else generated from the header seed. */
export function headerValue(header: MockHeader, generator: DataGenerator): string | undefined {
  const planned = parameterValue(header, generator);
  return planned === undefined ? undefined : serialize(planned.value);
}

/**
 * A parameter's value before it is written: its example, else its schema's documented value, else
 * generated from the header seed; a required one the generator cannot follow is an empty string.
 */
export function parameterValue(header: MockHeader, generator: DataGenerator): { readonly value: unknown } | undefined {
  const example = header.examples[0];
  if (example !== undefined) return { value: example.value };
  const schema = header.schema ?? { type: 'string' };
  const documented = documentedValue(schema);
  if (documented) return { value: documented.value };
  try {
    return { value: generator.generate(schema, HEADER_SEED) };
  } catch {
    // A schema the generator cannot follow: a required header still goes out, empty rather than missing.
    return header.required ? { value: '' } : undefined;
  }
}

/**
 * OpenAPI's `simple` style, the only one headers have: arrays as `a,b`, objects as `k,v,k,v`. Header
 * values are Latin-1 without control characters; anything else would make Node refuse the answer.
 */
export function serialize(value: unknown): string {
  let text: string;
  if (Array.isArray(value)) text = value.map(scalarText).join(',');
  else if (value !== null && typeof value === 'object') text = Object.entries(value).flat().map(scalarText).join(',');
  else text = scalarText(value);
  return text.replace(/[^\t\x20-\x7e\xa0-\xff]/g, '?');
}

/** A parameter's item as text: nothing for null, JSON for an object, else its string. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
