import type { DataGenerator } from '../generate/data-generator.js';
import { stringifyJson } from '../json/stringify-json.js';
import { contentTypeHeader, jsonContent, mediaKind } from '../openapi/media-type.js';
import type { MockCallback } from '../openapi/operation.js';
import { serialiserFor } from '../openapi/serialise-body.js';

/** What is sent to the consumer: the document's request of a callback or webhook, made concrete. */
export interface OutboundRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body text, undefined for none. */
  readonly body: string | undefined;
}

/**
 * The request a callback or webhook sends: its documented method, and a body in its first JSON media
 * type (else its first), from `given` (a webhook's caller may name one), else the content's first
 * example, else generated from the schema by the server's seeded generator. `headers`: the caller's
 * own, which win.
 */
export function outboundRequest(
  callback: MockCallback,
  generator: DataGenerator,
  given?: { readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> },
): OutboundRequest {
  const content = jsonContent(callback.requestBody?.contents);
  const headers: Record<string, string> = { 'user-agent': 'plantstore-mock' };
  let body: string | undefined;
  if (content) {
    const value =
      given?.body !== undefined
        ? given.body
        : content.examples.length > 0
          ? content.examples[0]?.value
          : content.schema !== undefined
            ? generated(generator, content.schema)
            : undefined;
    if (value !== undefined) {
      const kind = mediaKind(content.mediaType);
      const serialise = serialiserFor(kind, content.schema);
      const written = serialise ? serialise(value) : stringifyJson(value);
      body = typeof written === 'string' ? written : written.toString('latin1');
      headers['content-type'] = contentTypeHeader(content.mediaType, kind);
    }
  } else if (given?.body !== undefined) {
    body = typeof given.body === 'string' ? given.body : stringifyJson(given.body);
    headers['content-type'] = typeof given.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  }
  for (const [name, value] of Object.entries(given?.headers ?? {})) headers[name.toLowerCase()] = value;
  return { method: callback.method, headers, body };
}

function generated(generator: DataGenerator, schema: NonNullable<Parameters<DataGenerator['generate']>[0]>): unknown {
  try {
    return generator.generate(schema);
  } catch {
    // A schema the generator cannot satisfy: the request goes without a body, and the consumer's answer says the rest.
    return undefined;
  }
}
