/**
 * A Postman collection served as a document, the way Prism serves one: Prism's own reader (http-spec's
 * Postman transformer: each request an operation, its saved example responses the responses, schemas
 * inferred from JSON bodies, auth as security schemes) turns the collection into operations, written
 * back here as an OpenAPI 3.1 document so that everything after the loader reads one kind of document.
 */
import { isJsonObject } from '../json/json-object.js';
import { overgrownString } from './postman-variables.js';
import { postmanOperations } from './prism-internals.js';

type Node = Record<string, unknown>;
interface Example {
  readonly key: string;
  readonly value: unknown;
}
interface Param {
  readonly name: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: Node;
  readonly examples?: readonly Example[];
}
interface Content {
  readonly mediaType: string;
  readonly schema?: Node;
  readonly examples?: readonly Example[];
}
interface Scheme {
  readonly key: string;
  readonly type: string;
  readonly scheme?: string;
  readonly name?: string;
  readonly in?: string;
  readonly description?: string;
}
interface Operation {
  readonly method: string;
  readonly path: string;
  readonly summary?: string;
  readonly description?: string;
  readonly request: {
    readonly path: readonly Param[];
    readonly query: readonly Param[];
    readonly headers: readonly Param[];
    readonly body?: { readonly required?: boolean; readonly contents?: readonly Content[] };
  };
  readonly responses: readonly {
    readonly code: string;
    readonly description?: string;
    readonly headers?: readonly Param[];
    readonly contents?: readonly Content[];
  }[];
  readonly security?: readonly (readonly Scheme[])[];
}

/** Whether a parsed document is a Postman collection (Prism's test: an `item` list and `info.name`). */
export function isPostmanCollection(document: unknown): boolean {
  return isJsonObject(document) && Array.isArray(document.item) && isJsonObject(document.info) && document.info.name !== undefined;
}

/** The collection as an OpenAPI 3.1 document; throws with the reader's words when it cannot be read. */
export function postmanAsOpenApi(collection: Node): Node {
  const unsafe = builtInMember(collection);
  if (unsafe !== undefined)
    throw new Error(
      `a JSON body has a member named "${unsafe}", which the collection reader would write into the process's built-in objects`,
    );
  const overgrown = overgrownString(collection);
  if (overgrown !== undefined)
    throw new Error(`its variables grow ${JSON.stringify(overgrown)} past 100,000 characters (a variable that refers to itself?)`);
  const operations = postmanOperations()(collection) as Operation[];
  const paths: Record<string, Node> = {};
  const securitySchemes: Record<string, Node> = {};
  for (const operation of operations) {
    for (const set of operation.security ?? []) for (const scheme of set) securitySchemes[scheme.key] ??= schemeObject(scheme);
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  const info = collection.info as Node;
  return {
    openapi: '3.1.0',
    info: { title: String(info.name), version: typeof info.version === 'string' ? info.version : '1.0.0' },
    paths,
    ...(Object.keys(securitySchemes).length > 0 ? { components: { securitySchemes } } : {}),
  };
}

/**
 * The first member of a JSON body in the collection that names a member of `Object.prototype`
 * (`__proto__`, `constructor`, `toString`...). Prism's reader infers schemas with
 * Stoplight's JSON schema generator, which writes `tree.children[name]` into a plain object: a body
 * `{"__proto__": {...}}` gave every object of the process enumerable `types` and `children` (a cycle
 * that hung the loader, then crashed Node), and `constructor` writes onto `Object`. Such bodies are refused.
 */
function builtInMember(collection: Node): string | undefined {
  const stack: unknown[] = [collection];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      const json = /^\s*[[{]/.test(node) ? parsedOrUndefined(node) : undefined;
      if (json !== undefined) stack.push({ json });
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        if (key in Object.prototype) return key;
        stack.push((node as Node)[key]);
      }
    }
  }
  return undefined;
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function operationObject(operation: Operation): Node {
  const { request } = operation;
  const parameters = [
    ...request.path.map((p) => parameter(p, 'path')),
    ...request.query.map((p) => parameter(p, 'query')),
    ...request.headers.map((p) => parameter(p, 'header')),
  ];
  const responses: Node = {};
  for (const response of operation.responses) {
    responses[response.code] = {
      description: response.description ?? '',
      ...entries('headers', headersObject(response.headers ?? [])),
      ...entries('content', contentObject(response.contents ?? [])),
    };
  }
  const body = request.body?.contents?.length ? request.body : undefined;
  const security = (operation.security ?? []).map((set) => Object.fromEntries(set.map((s) => [s.key, []])));
  return {
    ...(operation.summary ? { summary: operation.summary } : {}),
    ...(operation.description ? { description: operation.description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: body.required ?? false, content: contentObject(body.contents ?? []) } } : {}),
    // A request saved with no example answer: Prism answers it with nothing but a 200.
    responses: Object.keys(responses).length > 0 ? responses : { '200': { description: '' } },
    ...(security.length > 0 ? { security } : {}),
  };
}

function parameter(param: Param, where: 'path' | 'query' | 'header'): Node {
  const example = param.examples?.[0];
  return {
    name: param.name,
    in: where,
    required: where === 'path' || param.required === true,
    ...(param.description ? { description: param.description } : {}),
    schema: withoutDialect(param.schema) ?? { type: 'string' },
    ...(example ? { example: example.value } : {}),
  };
}

/** The answer's headers but its Content-Type, which the content's media type says. */
function headersObject(headers: readonly Param[]): Node {
  const out: Node = {};
  for (const header of headers) {
    if (header.name.toLowerCase() === 'content-type') continue;
    const example = header.examples?.[0];
    out[header.name] = {
      ...(header.required ? { required: true } : {}),
      schema: withoutDialect(header.schema) ?? { type: 'string' },
      ...(example ? { example: example.value } : {}),
    };
  }
  return out;
}

/** Each media type with its inferred schema and its examples, named as saved (`default`, then `default-2`, ...). */
function contentObject(contents: readonly Content[]): Node {
  const out: Node = {};
  for (const content of contents) {
    const examples: Node = {};
    for (const example of content.examples ?? []) {
      let name = example.key;
      for (let n = 2; Object.hasOwn(examples, name); n += 1) name = `${example.key}-${n}`;
      examples[name] = { value: example.value };
    }
    const schema = withoutDialect(content.schema);
    out[content.mediaType] = { ...(schema ? { schema } : {}), ...entries('examples', examples) };
  }
  return out;
}

function schemeObject(scheme: Scheme): Node {
  const { key: _key, ...rest } = scheme;
  const out: Node = {};
  for (const name of ['type', 'scheme', 'name', 'in', 'description'] as const) if (rest[name] !== undefined) out[name] = rest[name];
  return out;
}

/** The inferred schemas name draft-07 (`$schema`); the document's own dialect reads them the same. */
function withoutDialect(schema: Node | undefined): Node | undefined {
  if (schema === undefined) return undefined;
  const { $schema: _dialect, ...rest } = schema;
  if (Array.isArray(rest.anyOf)) rest.anyOf = rest.anyOf.map((s) => (isJsonObject(s) ? withoutDialect(s) : s));
  return rest;
}

function entries(name: string, value: Node): Node {
  return Object.keys(value).length > 0 ? { [name]: value } : {};
}
