/**
 * The `$schema` of each schema of Prism's form of an OpenAPI 3.1 or 3.2 operation, by which Prism's
 * validator picks its Ajv instance (see json-schema-dialect.ts). Prism's reader rewrites OpenAPI words
 * and names draft-07 on every schema it reads, whatever the document's version; the rewriting stays
 * (3.1 documents written with `example` and `nullable` keep working as they did), the dialect becomes
 * the document's, or the schema's own where it names a known one. Every request, answer and example
 * check reads these schemas, so they are all judged alike.
 */
import { type DocumentDialect, DRAFT_07, DRAFT_2020_12, schemaDialect } from '../document/json-schema-dialect.js';
import { isJsonObject } from '../json/json-object.js';

type Node = Record<string, unknown>;
type Follow = (node: unknown) => unknown;

/** Where Prism's lists of parameters come from in the document (`in`). */
const PARAMETER_LISTS = { path: 'path', query: 'query', headers: 'header', cookie: 'cookie' } as const;

/**
 * Sets the dialect on every schema of `operation` (Prism's form, finished), in place; `source` is the
 * operation as the document writes it (with its path item), for the schemas' own `$schema`. The schemas
 * Prism's reader made are new for this document; one it shares between operations gets the same dialect in each.
 */
export function withDialects(operation: unknown, source: OperationSource, dialect: DocumentDialect): unknown {
  if (!isJsonObject(operation)) return operation;
  const own = (schema: unknown) => judgedAs(schemaDialect(source.follow(schema), dialect), source.follow(schema));
  const request = isJsonObject(operation.request) ? operation.request : {};
  const parameters = [source.pathItem.parameters, source.operation.parameters]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map(source.follow)
    .filter(isJsonObject);
  for (const [list, where] of Object.entries(PARAMETER_LISTS)) {
    for (const parameter of asList(request[list])) {
      const written = parameters.findLast((p) => p.in === where && String(p.name).toLowerCase() === String(parameter.name).toLowerCase());
      setDialect(parameter, written === undefined ? dialect.schema : own(written.schema));
    }
  }
  const body = source.follow(source.operation.requestBody);
  const bodyContent = isJsonObject(body) ? source.follow(body.content) : undefined;
  if (isJsonObject(request.body)) contents(request.body.contents, bodyContent, own, dialect, source.follow);
  const responses = source.follow(source.operation.responses);
  for (const response of asList(operation.responses)) {
    const written = isJsonObject(responses) ? source.follow(responses[String(response.code)]) : undefined;
    const writtenHeaders = isJsonObject(written) ? source.follow(written.headers) : undefined;
    contents(response.contents, isJsonObject(written) ? source.follow(written.content) : undefined, own, dialect, source.follow);
    for (const header of asList(response.headers)) {
      const at = isJsonObject(writtenHeaders) ? source.follow(writtenHeaders[String(header.name)]) : undefined;
      setDialect(header, isJsonObject(at) ? own(at.schema) : dialect.schema);
    }
  }
  // Callbacks (and webhooks read as operations) are judged in the document's dialect.
  const none: OperationSource = { operation: {}, pathItem: {}, follow: source.follow };
  for (const callback of asList(operation.callbacks)) withDialects(callback, none, dialect);
  if (isJsonObject(operation.querystring)) setDialect(operation.querystring, dialect.schema);
  return operation;
}

/** The operation as the document writes it, and how to follow its references. */
export interface OperationSource {
  readonly operation: Node;
  readonly pathItem: Node;
  readonly follow: Follow;
}

function contents(list: unknown, written: unknown, own: (schema: unknown) => string, dialect: DocumentDialect, follow: Follow): void {
  for (const content of asList(list)) {
    const media = isJsonObject(written) ? follow(written[String(content.mediaType)]) : undefined;
    const at = isJsonObject(media) ? media : undefined;
    setDialect(content, at === undefined ? dialect.schema : own(at.schema));
    // OpenAPI 3.2's schema of each item of a stream, as the document writes it.
    if (isJsonObject(content.itemSchema)) content.itemSchema = { ...content.itemSchema, $schema: own(at?.itemSchema) };
    for (const encoding of asList(content.encodings)) for (const header of asList(encoding.headers)) setDialect(header, dialect.schema);
  }
}

/**
 * The holder's schema with `$schema` set: a copy, made once per schema and dialect, since Prism's reader
 * hands one schema to every place (and operation) that references it, and Prism compiles a validator per
 * schema object.
 */
function setDialect(holder: Node, dialect: string): void {
  const schema = holder.schema;
  if (!isJsonObject(schema) || schema.$schema === dialect) return;
  let copies = COPIES.get(schema);
  if (copies === undefined) {
    copies = new Map();
    COPIES.set(schema, copies);
  }
  let copy = copies.get(dialect);
  if (copy === undefined) {
    copy = { ...schema, $schema: dialect };
    copies.set(dialect, copy);
  }
  holder.schema = copy;
}

const COPIES = new WeakMap<object, Map<string, Node>>();

/**
 * A schema that names no dialect but that 2020-12's Ajv refuses to compile is judged as draft-07, which
 * reads it (as every 3.1 schema was judged before), since a schema that does not compile judges
 * nothing: `items` written as a list (draft-07's tuples, 2020-12's `prefixItems`), and a `$dynamicRef`
 * to another resource (`https://…#node`; Ajv resolves only `#…` within the schema).
 */
function judgedAs(dialect: string, schema: unknown): string {
  if (dialect !== DRAFT_2020_12 || !isJsonObject(schema) || schema.$schema !== undefined) return dialect;
  let refused = REFUSED.get(schema);
  if (refused === undefined) {
    refused = uncompilable(schema, 0, new Set());
    REFUSED.set(schema, refused);
  }
  return refused ? DRAFT_07 : dialect;
}

/** Per schema of a document (read-only once loaded), whether 2020-12's Ajv refuses it; a schema many operations share is walked once. */
const REFUSED = new WeakMap<object, boolean>();

function uncompilable(node: unknown, depth: number, seen: Set<object>): boolean {
  if (node === null || typeof node !== 'object' || depth > 64 || seen.has(node)) return false;
  seen.add(node);
  if (Array.isArray(node)) return node.some((item) => uncompilable(item, depth + 1, seen));
  const schema = node as Node;
  if (Array.isArray(schema.items) || (typeof schema.$dynamicRef === 'string' && !schema.$dynamicRef.startsWith('#'))) return true;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'examples' || key === 'example' || key === 'enum' || key === 'const' || key === 'default') continue;
    if (uncompilable(value, depth + 1, seen)) return true;
  }
  return false;
}

function asList(value: unknown): Node[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}
