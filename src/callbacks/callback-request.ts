import { headerValue, validPart } from '../answer/header-plan.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { stringifyJson } from '../json/stringify-json.js';
import { concreteMediaType, jsonContent, mediaKind } from '../openapi/media-type.js';
import type { MockCallback } from '../openapi/operation.js';
import { serialiserFor, writtenContentType } from '../openapi/serialise-body.js';
import { plannedParameters } from './callback-parameters.js';

/** What is sent to the consumer: the document's request of a callback or webhook, made concrete. */
export interface OutboundRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The documented query parameters, added to the URL where it does not carry them already. */
  readonly query: readonly (readonly [string, string])[];
  /** The body text, undefined for none. */
  readonly body: string | undefined;
}

/**
 * The request a callback or webhook sends: its documented method, its header, query and cookie
 * parameters (planned like response headers: example, documented value, else generated from a fixed
 * seed), and a body in its
 * first JSON media type (else its first), from `given` (a webhook's caller may name one), else the
 * content's first example that fits its schema, else generated from the schema by the server's seeded generator, with that
 * media type as its content type. `headers`: the caller's own, which win.
 */
export function outboundRequest(
  callback: MockCallback,
  generator: DataGenerator,
  given?: { readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> },
): OutboundRequest {
  const content = jsonContent(callback.requestBody?.contents);
  const headers: Record<string, string> = { 'user-agent': 'plantstore-mock', ...documentedHeaders(callback, generator) };
  const { query, cookie } = plannedParameters(callback, generator);
  if (cookie !== undefined) headers.cookie = cookie;
  let body: string | undefined;
  if (content) {
    // The document's examples that break its schema are never sent, and the schema is generated without its invalid words.
    const verdict = content.verdict?.();
    const example = content.examples.find((e) => !verdict?.invalid.has(e.name));
    const schema = verdict ? verdict.schema : content.schema;
    const value =
      given?.body !== undefined
        ? given.body
        : example !== undefined
          ? example.value
          : schema !== undefined
            ? generated(generator, schema)
            : undefined;
    if (value !== undefined) {
      const mediaType = concreteMediaType(content.mediaType);
      const kind = mediaKind(mediaType);
      const serialise = serialiserFor(kind, content.schema);
      const written = serialise ? serialise(value) : stringifyJson(value);
      body = typeof written === 'string' ? written : written.toString('latin1');
      headers['content-type'] = writtenContentType(mediaType, kind, typeof value !== 'string');
    }
  } else if (given?.body !== undefined) {
    body = typeof given.body === 'string' ? given.body : stringifyJson(given.body);
    headers['content-type'] = typeof given.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  }
  for (const [name, value] of Object.entries(given?.headers ?? {})) headers[name.toLowerCase()] = value;
  return { method: callback.method, headers, query, body };
}

/**
 * Headers the request's framing decides (and OpenAPI's ignored `Accept`, `Content-Type` and
 * `Authorization` parameters): a document naming them never sets them.
 */
const FRAMING = new Set([
  'accept',
  'authorization',
  'connection',
  'content-length',
  'content-type',
  'expect',
  'host',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The documented header values of a callback, worked out once: they depend on the document alone. */
const PLANNED = new WeakMap<MockCallback, Readonly<Record<string, string>>>();

function documentedHeaders(callback: MockCallback, generator: DataGenerator): Readonly<Record<string, string>> {
  let planned = PLANNED.get(callback);
  if (planned === undefined) {
    const values: Record<string, string> = {};
    for (const header of callback.headers) {
      const name = header.name.toLowerCase();
      if (FRAMING.has(name)) continue;
      // A documented value that breaks the header's schema is never sent (see request-example-check.ts).
      const value = headerValue(validPart(header), generator);
      if (value !== undefined) values[name] = value;
    }
    planned = values;
    PLANNED.set(callback, planned);
  }
  return planned;
}

function generated(generator: DataGenerator, schema: NonNullable<Parameters<DataGenerator['generate']>[0]>): unknown {
  try {
    return generator.generate(schema);
  } catch {
    // A schema the generator cannot satisfy: the request goes without a body, and the consumer's answer says the rest.
    return undefined;
  }
}
