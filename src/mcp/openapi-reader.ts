import { parse as parseYaml } from 'yaml';
import { resolveFragment } from '../json/json-pointer.js';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
/** How deep references are unfolded, and how many schema nodes one operation's description may hold. */
const MAX_DEPTH = 12;
const MAX_NODES = 4000;

/** One operation as an agent reads it: enough to call it, with its schemas plain JSON Schema. */
export interface OperationInfo {
  readonly method: string;
  readonly path: string;
  readonly operationId: string | undefined;
  readonly summary: string | undefined;
  readonly description: string | undefined;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  /** The documented statuses, as written (`200`, `4XX`, `default`). */
  readonly statuses: readonly string[];
}

export interface ParameterInfo {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly name: string;
  readonly required: boolean;
  readonly description?: string;
  readonly schema: unknown;
}

export interface OperationDetail extends OperationInfo {
  readonly parameters: readonly ParameterInfo[];
  readonly requestBody: { readonly required: boolean; readonly mediaType: string; readonly schema: unknown } | undefined;
  readonly responses: readonly {
    readonly status: string;
    readonly description?: string;
    readonly mediaType?: string;
    readonly schema?: unknown;
    readonly example?: unknown;
  }[];
}

/** A served document, parsed once per text, read lazily: operations are described when asked for. */
export class DocumentReader {
  readonly #root: Node;
  readonly #swagger: boolean;
  readonly operations: readonly OperationInfo[];
  readonly #items = new Map<OperationInfo, { item: Node; operation: Node }>();

  constructor(text: string) {
    const parsed: unknown = parseYaml(text, { maxAliasCount: 1000 });
    this.#root = isNode(parsed) ? parsed : {};
    this.#swagger = this.#root.swagger === '2.0';
    const operations: OperationInfo[] = [];
    const paths = isNode(this.#root.paths) ? this.#root.paths : {};
    for (const [path, value] of Object.entries(paths)) {
      const item = this.#follow(value);
      if (!isNode(item)) continue;
      for (const method of METHODS) {
        const operation = this.#follow(item[method]);
        if (!isNode(operation)) continue;
        const info: OperationInfo = {
          method: method.toUpperCase(),
          path,
          operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
          summary: typeof operation.summary === 'string' ? operation.summary : undefined,
          description: typeof operation.description === 'string' ? operation.description : undefined,
          tags: Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string') : [],
          deprecated: operation.deprecated === true,
          statuses: isNode(operation.responses) ? Object.keys(operation.responses) : [],
        };
        operations.push(info);
        this.#items.set(info, { item, operation });
      }
    }
    this.operations = operations;
  }

  get title(): string {
    const info = isNode(this.#root.info) ? this.#root.info : {};
    return typeof info.title === 'string' ? info.title : 'API';
  }

  /** Parameters, request body and responses, references unfolded up to a bound. */
  describe(info: OperationInfo): OperationDetail {
    const found = this.#items.get(info);
    if (!found) throw new Error('not an operation of this document');
    const { item, operation } = found;
    const budget = { nodes: MAX_NODES };
    const schema = (value: unknown) => this.#plain(value, [], budget);
    const parameters: ParameterInfo[] = [];
    let requestBody: OperationDetail['requestBody'];
    const form: Node = {};
    const formRequired: string[] = [];
    const declared = [...asArray(item.parameters), ...asArray(operation.parameters)].map((p) => this.#follow(p)).filter(isNode);
    const unique = new Map(declared.map((p) => [`${p.in}:${String(p.name)}`, p]));
    for (const p of unique.values()) {
      const name = String(p.name);
      if (p.in === 'body') {
        requestBody = { required: p.required === true, mediaType: 'application/json', schema: schema(p.schema) };
      } else if (p.in === 'formData') {
        form[name] = schema(this.#swaggerParameterSchema(p));
        if (p.required === true) formRequired.push(name);
      } else if (p.in === 'path' || p.in === 'query' || p.in === 'header' || p.in === 'cookie') {
        const raw = p.schema ?? (this.#swagger ? this.#swaggerParameterSchema(p) : (firstContent(p.content)?.schema ?? {}));
        const description = typeof p.description === 'string' ? p.description : undefined;
        parameters.push({
          in: p.in,
          name,
          required: p.in === 'path' || p.required === true,
          ...(description ? { description } : {}),
          schema: schema(raw),
        });
      }
    }
    if (Object.keys(form).length > 0) {
      const consumes = asArray(operation.consumes ?? this.#root.consumes).filter((c): c is string => typeof c === 'string');
      const mediaType = consumes.find((c) => c.includes('multipart')) ?? 'application/x-www-form-urlencoded';
      requestBody = { required: formRequired.length > 0, mediaType, schema: { type: 'object', properties: form, required: formRequired } };
    }
    const body = this.#follow(operation.requestBody);
    if (isNode(body)) {
      const content = firstContent(body.content);
      if (content) requestBody = { required: body.required === true, mediaType: content.mediaType, schema: schema(content.schema ?? {}) };
    }
    const responses = Object.entries(isNode(operation.responses) ? operation.responses : {}).map(([status, value]) => {
      const response = this.#follow(value);
      if (!isNode(response)) return { status };
      const description = typeof response.description === 'string' ? response.description : undefined;
      if (this.#swagger) {
        const example = isNode(response.examples) ? Object.values(response.examples)[0] : undefined;
        return response.schema === undefined
          ? { status, description }
          : {
              status,
              description,
              mediaType: 'application/json',
              schema: schema(response.schema),
              ...(example === undefined ? {} : { example }),
            };
      }
      const content = firstContent(response.content);
      if (!content) return { status, description };
      const example =
        content.example ??
        (isNode(content.examples) ? (this.#follow(Object.values(content.examples)[0]) as Node | undefined)?.value : undefined);
      return {
        status,
        description,
        mediaType: content.mediaType,
        schema: schema(content.schema ?? {}),
        ...(example === undefined ? {} : { example }),
      };
    });
    return { ...info, parameters, requestBody, responses };
  }

  #swaggerParameterSchema(p: Node): Node {
    const { name: _n, in: _i, required: _r, description: _d, allowEmptyValue: _a, collectionFormat: _c, ...rest } = p;
    return rest.type === 'file' ? { type: 'string', format: 'binary' } : rest;
  }

  /** A local `$ref` followed (a few hops); anything else as it is. */
  #follow(value: unknown, hops = 0): unknown {
    if (!isNode(value) || typeof value.$ref !== 'string' || hops > 8) return value;
    return this.#follow(this.#target(value.$ref), hops + 1);
  }

  #target(ref: string): unknown {
    return resolveFragment(this.#root, ref);
  }

  /**
   * The schema as plain JSON Schema: local references unfolded (a cycle, a depth past MAX_DEPTH or a
   * spent node budget leaves an open schema that says where to look), OpenAPI 3.0's `nullable` and
   * boolean exclusive bounds written as JSON Schema says them, OpenAPI-only words left out.
   */
  #plain(value: unknown, seen: string[], budget: { nodes: number }): unknown {
    if (Array.isArray(value)) return value.map((v) => this.#plain(v, seen, budget));
    if (!isNode(value)) return value;
    if (--budget.nodes < 0 || seen.length > MAX_DEPTH) return { description: 'not unfolded: the description is bounded' };
    if (typeof value.$ref === 'string') {
      const ref = value.$ref;
      if (seen.includes(ref) || !ref.startsWith('#')) return { description: `see ${ref} (not unfolded)` };
      return this.#plain(this.#target(ref) ?? {}, [...seen, ref], budget);
    }
    const out: Node = {};
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('x-') || key === 'discriminator' || key === 'xml' || key === 'externalDocs' || key === 'nullable') continue;
      if (key === 'example') out.examples = [child];
      else if (
        key === 'properties' ||
        key === 'patternProperties' ||
        key === '$defs' ||
        key === 'definitions' ||
        key === 'dependentSchemas'
      ) {
        out[key] = isNode(child) ? Object.fromEntries(Object.entries(child).map(([k, v]) => [k, this.#plain(v, seen, budget)])) : child;
      } else out[key] = this.#plain(child, seen, budget);
    }
    for (const bound of ['Minimum', 'Maximum'] as const) {
      const flag = out[`exclusive${bound}`];
      if (typeof flag === 'boolean') {
        const limit = out[bound.toLowerCase()];
        delete out[`exclusive${bound}`];
        if (flag && typeof limit === 'number') {
          out[`exclusive${bound}`] = limit;
          delete out[bound.toLowerCase()];
        }
      }
    }
    if (value.nullable === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null'];
      else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      else if (out.type === undefined) return { anyOf: [out, { type: 'null' }] };
    }
    return out;
  }
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The content a client most likely sends or reads: JSON first, then the first listed. */
function firstContent(content: unknown): (Node & { mediaType: string }) | undefined {
  if (!isNode(content)) return undefined;
  const types = Object.keys(content);
  const chosen = types.find((t) => /^application\/(.+\+)?json\b/i.test(t)) ?? types[0];
  const value = chosen === undefined ? undefined : content[chosen];
  return chosen !== undefined && isNode(value) ? { ...value, mediaType: chosen } : undefined;
}
