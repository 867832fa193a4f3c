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

/**
 * A parameter's text never reads as JSON null, and Prism's deserialisers take a parameter's shape from a
 * `type` that is one name: http-spec writes OpenAPI 3.0's `{type: array, nullable: true}` as
 * `type: [array, 'null']` (3.1 writes that itself), and then a lone `?types=Movie` stayed text ("must be
 * array,null"), `X-Tags: a,b` was not split, and a spaceDelimited or pipeDelimited parameter threw (a 500
 * whether sent or not). The shape is written as the one name beside `nullable: true`, which Ajv reads as
 * the same values; a `oneOf`/`anyOf` whose other alternatives are all arrays (or all objects) gets that
 * type beside it, so a lone value is a list of one there too.
 */
export function withParameterShapes(operation: unknown): unknown {
  const request = isJsonObject(operation) && isJsonObject(operation.request) ? operation.request : undefined;
  if (request === undefined) return operation;
  for (const list of PARAMETER_LISTS) {
    const parameters = request[list];
    if (!Array.isArray(parameters)) continue;
    request[list] = (parameters as unknown[]).map((parameter) => {
      if (!isJsonObject(parameter) || !isJsonObject(parameter.schema)) return parameter;
      const schema = shaped(parameter.schema);
      return schema === parameter.schema ? parameter : { ...parameter, schema };
    });
  }
  return operation;
}

const PARAMETER_LISTS = ['path', 'query', 'headers', 'cookie'] as const;
type Shape = 'array' | 'object';

function shaped(schema: Node): Node {
  const type = schema.type;
  if (Array.isArray(type)) {
    const others = type.filter((name) => name !== 'null');
    const shape = others.length === 1 && isShape(others[0]) ? others[0] : undefined;
    return shape === undefined || others.length === type.length ? schema : { ...schema, type: shape, nullable: true };
  }
  if (type !== undefined) return schema;
  const alternatives = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (alternatives === undefined) return schema;
  const shapes = new Set(alternatives.map(shapeOf));
  const nullable = shapes.delete('null') || schema.nullable === true;
  const [shape] = shapes;
  if (shapes.size !== 1 || !isShape(shape)) return schema;
  return nullable ? { ...schema, type: shape, nullable: true } : { ...schema, type: shape };
}

/** The one shape a schema's values have besides null ('null' for null alone), else undefined. */
function shapeOf(schema: unknown): Shape | 'null' | undefined {
  if (!isJsonObject(schema)) return undefined;
  const type = schema.type;
  if (type === 'null') return 'null';
  if (isShape(type)) return type;
  const others = Array.isArray(type) ? type.filter((name) => name !== 'null') : [];
  return others.length === 1 && isShape(others[0]) ? others[0] : undefined;
}

function isShape(type: unknown): type is Shape {
  return type === 'array' || type === 'object';
}

function isArraySchema(schema: unknown): boolean {
  const type = isJsonObject(schema) ? schema.type : undefined;
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

/**
 * An operation that requires an `Authorization` header parameter and no security scheme (NPR's station
 * finder) is one its service refuses without credentials: 401, not a missing parameter's 400 nor the
 * 200 of an ignored header. The parameter becomes what the document forgot, a security requirement of an
 * API key in that header, so the security stage answers for it and any value passes, as any bearer
 * token does. It carries the HTTP scheme the value takes (`scheme`, for the 401's challenge). An optional
 * one, or one beside a requirement the operation has, is left as it is.
 */
/** The id of the security scheme a required Authorization parameter stands for. */
export const AUTHORIZATION_PARAMETER = 'authorization-parameter';

export function withAuthorizationRequirement(operation: unknown): unknown {
  if (!isJsonObject(operation) || !isJsonObject(operation.request) || !Array.isArray(operation.request.headers)) return operation;
  const security = Array.isArray(operation.security) ? (operation.security as unknown[]) : [];
  if (security.some((alternative) => Array.isArray(alternative) && alternative.length > 0)) return operation;
  const header = (operation.request.headers as unknown[]).find(
    (h): h is Node => isJsonObject(h) && h.required === true && String(h.name).toLowerCase() === 'authorization',
  );
  if (header === undefined) return operation;
  const name = String(header.name);
  operation.security = [[{ id: AUTHORIZATION_PARAMETER, key: name, type: 'apiKey', in: 'header', name, scheme: schemeOf(header) }]];
  return operation;
}

/** The HTTP scheme an `Authorization` parameter's value takes: an example's first word, one its description names, else Bearer. */
function schemeOf(header: Node): string {
  const schema = isJsonObject(header.schema) ? header.schema : {};
  const examples = Array.isArray(header.examples) ? header.examples.map((e) => (isJsonObject(e) ? e.value : undefined)) : [];
  // Prism's transform leaves a schema's `example` (and Swagger 2.0's `x-example`) as JSON Schema's `examples`.
  const schemaExamples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [schema.example];
  for (const value of [...examples, ...schemaExamples, schema.default]) {
    const word = typeof value === 'string' ? /^([A-Za-z][\w.~+/-]*) +\S/.exec(value)?.[1] : undefined;
    if (word !== undefined) return word;
  }
  const named = /\b(Bearer|Basic|Digest|Token)\b/i.exec(typeof header.description === 'string' ? header.description : '')?.[1];
  return named === undefined ? 'Bearer' : named.charAt(0).toUpperCase() + named.slice(1).toLowerCase();
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
