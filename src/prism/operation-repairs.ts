/** What the mock writes into Prism's form of an OpenAPI 3 operation, where Prism reads the document otherwise than it says. */
import { isJsonObject } from '../json/json-object.js';

type Node = Record<string, unknown>;

/**
 * OpenAPI 3's `form` query arrays are exploded unless they say otherwise (`?ids=1&ids=2`), but Prism
 * reads an unstated `explode` as false: it took the last of repeated values and split it at commas, so
 * `?ids=1&ids=2` was read as `[2]` and `?ids=1,2` as two items. The default is written out for arrays.
 * Objects are left as Prism reads them: its exploded reading compares property names in lower case and
 * makes an absent optional parameter an empty object, which would refuse valid requests.
 */
export function withFormExplode(operation: unknown): unknown {
  const request = isJsonObject(operation) && isJsonObject(operation.request) ? operation.request : undefined;
  if (request === undefined || !Array.isArray(request.query)) return operation;
  request.query = (request.query as Node[]).map((parameter) =>
    isJsonObject(parameter) &&
    parameter.explode === undefined &&
    (parameter.style === undefined || parameter.style === 'form') &&
    isArraySchema(parameter.schema)
      ? { ...parameter, explode: true }
      : parameter,
  );
  return operation;
}

function isArraySchema(schema: unknown): boolean {
  const type = isJsonObject(schema) ? schema.type : undefined;
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

/**
 * Header parameters OpenAPI 3 says "SHALL be ignored" (the request's media types and credentials are
 * described elsewhere) are never required nor checked. They stay listed: an operation that documents its
 * `Accept` tells the negotiation what its clients send.
 */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

export function withoutIgnoredHeaders(operation: unknown): unknown {
  const request = isJsonObject(operation) && isJsonObject(operation.request) ? operation.request : undefined;
  if (request === undefined || !Array.isArray(request.headers)) return operation;
  request.headers = (request.headers as Node[]).map((header) => {
    if (!IGNORED_HEADERS.has(String(header.name).toLowerCase())) return header;
    const { schema: _ignored, ...unchecked } = header;
    return { ...unchecked, required: false };
  });
  return operation;
}
