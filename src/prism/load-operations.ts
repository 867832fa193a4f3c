/**
 * Prism's spec reader without its Postman path, and one operation at a time: the same reference
 * parser, the same OAS 2/3 transformers (resolved from prism-http's own dependencies, so the versions
 * are Prism's) and the same post-processing as `getHttpOperationsFromSpec` in prism-http 5.12.0, but
 * start-up only lists the operations; each is dereferenced, transformed and made self-contained when
 * it is first read. Prism's reader also loads the Postman transformer and postman-collection (~300
 * modules) for a format the mock never serves.
 */
import { arch, release, type } from 'node:os';
import { boundedDecycle, bundleShared } from '../document/bounded-decycle.js';
import { type DocumentDialect, documentDialect } from '../document/json-schema-dialect.js';
import {
  createLocalReferences,
  type LocalReferences,
  localReferencesOf,
  missingPointer,
  referenceTargets,
} from '../document/local-refs.js';
import {
  methodOf,
  type OperationKey,
  operationAt,
  operationKeys,
  prismPathItem,
  type QuerystringParameter,
  querystringOf,
} from '../document/oas32.js';
import { createSharedParts, type SharedParts } from '../document/shared-parts.js';
import { withFormCollectionFormats } from '../document/swagger-form-arrays.js';
import { yamlParser } from '../document/yaml-parser.js';
import { isJsonObject } from '../json/json-object.js';
import { type MockExtensions, readMockExtensions } from '../mock-extensions.js';
import type { MockServerUrl } from '../openapi/operation.js';
import { withAuthorizationRequirement, withFormExplode, withoutIgnoredHeaders, withParameterShapes } from './operation-repairs.js';
import { bundleTarget, prismVersion, refParser, transformOas2Operations, transformOas3Operations } from './prism-internals.js';
import { confinedResolvers } from './ref-confinement.js';
import { withDialects } from './schema-dialects.js';

type Node = Record<string, unknown>;

/** One operation of the document, known by method and path at load; Prism's form of it made on first read. */
export interface OperationSource {
  readonly method: string;
  readonly path: string;
  /** The operationId, when the document gives one as a string. */
  readonly operationId: string | undefined;
  /** Where the operation is served, as Prism's transformers list its servers (URL and variables). */
  readonly servers: readonly MockServerUrl[];
  /** The API keys of the document's security schemes (any operation's: what masking must know). */
  readonly apiKeys: readonly { readonly in: 'header' | 'query' | 'cookie'; readonly name: string }[];
  /** The mock's own extensions of the operation (`x-mock-delay`, `x-mock-validate`). */
  readonly mockExtensions: MockExtensions;
  /** Prism's operation, self-contained (the same object on every call). */
  read(): unknown;
}

/**
 * What a single operation's transformation reads of the document besides the operation and what it
 * references: the rest (other paths, webhooks, shared definitions, extensions) is left out, or every
 * operation would dereference and walk it again.
 */
const READ_BESIDES = [
  'openapi',
  'swagger',
  'info',
  'servers',
  'security',
  'tags',
  'host',
  'basePath',
  'schemes',
  'consumes',
  'produces',
  'securityDefinitions',
  'x-stoplight',
];

/**
 * Lists a document's operations, with every file or URL it drew on. `parsed` is the document already
 * parsed from `specPath`. A document whose references all stay inside it is dereferenced one operation
 * at a time, when that operation is first read; one that references other files or URLs is read whole,
 * as Prism reads it.
 */
export async function indexPrismOperations(
  specPath: string,
  parsed?: object,
  rules: ReferenceRules = { remote: false },
): Promise<{ operations: OperationSource[]; sources: string[]; webhooks: Webhooks }> {
  const userAgent = `PrismMockServer/${prismVersion} (${type()} ${arch()} ${release()})`;
  const { resolvers, refused } = confinedResolvers(specPath, rules.remote, { 'User-Agent': userAgent });
  const options = { resolve: resolvers, parse: { yaml: yamlParser } };
  // Prism's reference parser reads only what was not parsed already (it loads on first use: refParser).
  const parser = parsed === undefined ? new (refParser())() : undefined;
  const root = (parsed ?? (await parser?.parse(specPath, options))) as Node;
  const transform = transformerOf(root);
  const dialect = documentDialect(root);
  const refs = localReferencesOf(root);
  if (refs === undefined) {
    return readWhole(specPath, root, options, transform, dialect).catch((error: unknown) => {
      throw refused() === undefined ? error : new Error(refused());
    });
  }
  const missing = missingPointer(root, refs);
  if (missing) throw new Error(missing);
  const parts = createSharedParts(referenceTargets(root, refs));
  const local = createLocalReferences(root);
  const paths = root.paths !== null && typeof root.paths === 'object' ? (root.paths as Node) : {};
  const apiKeys = documentApiKeys(root, local);
  const operations: OperationSource[] = [];
  for (const [path, value] of Object.entries(paths)) {
    const item = local.follow(value);
    if (!isJsonObject(item)) continue;
    for (const at of operationKeys(item, local.follow)) {
      const operation = operationAt(item, at, local.follow);
      const operationId = isJsonObject(operation) && typeof operation.operationId === 'string' ? operation.operationId : undefined;
      let made: unknown;
      const read = () => {
        if (made === undefined) {
          const { document, shared, querystring } = oneOperation(root, local, parts, path, item, at);
          made = withItemSchemas(finished(transform(document)[0] as Node, at, shared, document, querystring, parts), document, path);
          if (dialect)
            made = withDialects(
              made,
              { operation: isJsonObject(operation) ? operation : {}, pathItem: item, follow: local.follow },
              dialect,
            );
        }
        return made;
      };
      const method = methodOf(at);
      const mockExtensions = readMockExtensions(isJsonObject(operation) ? operation : undefined, `${method.toUpperCase()} ${path}`);
      operations.push({ method, path, operationId, servers: serversOf(root, local, item, operation), apiKeys, mockExtensions, read });
    }
  }
  const webhooks = webhooksOf(
    root,
    (item, name, at) => {
      const { document, shared, querystring } = oneOperation(root, local, parts, `/${name}`, item, at);
      const made = finished(transform(document)[0] as Node, at, shared, document, querystring, parts);
      return dialect ? withDialects(made, sourceOf(item, at, local.follow), dialect) : made;
    },
    local.follow,
  );
  return { operations, sources: parser === undefined ? [specPath] : parser.$refs.paths(), webhooks };
}

/** Which references a document may follow besides files in its folder (ref-confinement.ts). */
export interface ReferenceRules {
  /** http(s) URLs, with --allow-remote-refs. */
  readonly remote: boolean;
}

/** The document's webhooks by name, each Prism's form of its (first) operation, made on first read. */
export type Webhooks = ReadonlyMap<string, () => unknown>;

/**
 * OpenAPI 3.1's top-level `webhooks`: each path item read as an operation at `/{name}` would be (its
 * first operation: a webhook is one request), when first asked for.
 */
function webhooksOf(
  root: Node,
  make: (item: Node, name: string, at: OperationKey) => unknown,
  follow: (node: unknown) => unknown,
): Webhooks {
  const webhooks = new Map<string, () => unknown>();
  const all = follow(root.webhooks);
  if (!isJsonObject(all)) return webhooks;
  for (const name of Object.keys(all)) {
    const item = follow(all[name]);
    const at = isJsonObject(item) ? operationKeys(item, follow)[0] : undefined;
    if (!isJsonObject(item) || at === undefined) continue;
    let made: unknown;
    webhooks.set(name, () => {
      made ??= make(item, name, at);
      return made;
    });
  }
  return webhooks;
}

/** Reads and dereferences the whole document, then transforms every operation: Prism's own reading. */
export async function readPrismOperations(
  specPath: string,
  parsed?: object,
  refs?: ReferenceRules,
): Promise<{ operations: unknown[]; sources: string[] }> {
  const { operations, sources } = await indexPrismOperations(specPath, parsed, refs);
  return { operations: operations.map((operation) => operation.read()), sources };
}

async function readWhole(specPath: string, root: Node, options: object, transform: Transform, dialect: DocumentDialect | undefined) {
  const parser = new (refParser())();
  const { document, shared } = boundedDecycle(await parser.dereference(specPath, root, options)) as { document: Node; shared: boolean };
  const operations = everyOperation(document, transform).map((made) => {
    const whole = shared ? bundleShared(made as Node, document) : selfContained(made, document);
    const [path, method] = [String((made as Node).path), String((made as Node).method)];
    const withItems = withItemSchemas(whole, document, path, method);
    const item = isJsonObject(document.paths) && isJsonObject(document.paths[path]) ? document.paths[path] : {};
    const at = operationKeys(item).find((key) => methodOf(key) === method);
    const operation = (
      dialect && at
        ? withDialects(
            withItems,
            sourceOf(item, at, (node) => node),
            dialect,
          )
        : withItems
    ) as {
      method: string;
      path: string;
      iid?: string;
      servers?: MockServerUrl[];
      extensions?: Node;
    };
    const servers = (operation.servers ?? []).map(({ url, variables }) => (variables ? { url, variables } : { url }));
    return {
      method: operation.method,
      path: operation.path,
      operationId: operation.iid,
      servers,
      apiKeys: documentApiKeys(document),
      mockExtensions: readMockExtensions(operation.extensions, `${operation.method.toUpperCase()} ${operation.path}`),
      read: () => operation,
    };
  });
  const webhooks = webhooksOf(
    document,
    (item, name, at) => {
      const made = everyOperation({ ...document, paths: { [`/${name}`]: item } }, transform).find(
        (op) => (op as Node).method === methodOf(at),
      );
      if (made === undefined) return undefined;
      const whole = shared ? bundleShared(made as Node, document) : selfContained(made, document);
      return dialect
        ? withDialects(
            whole,
            sourceOf(item, at, (node) => node),
            dialect,
          )
        : whole;
    },
    (node) => node,
  );
  return { operations, sources: parser.$refs.paths(), webhooks };
}

type Transform = (document: Node) => unknown[];

/** The operation at `at` as the document writes it, with its path item (schema-dialects.ts reads their schemas' own `$schema`). */
function sourceOf(item: Node, at: OperationKey, follow: (node: unknown) => unknown) {
  const operation = operationAt(item, at, follow);
  return { operation: isJsonObject(operation) ? operation : {}, pathItem: item, follow };
}

/**
 * Every operation of a dereferenced document, one transformation per path item operation: what
 * Prism's transformer lists, with the 3.2 methods and `querystring` parameters it does not know.
 */
function everyOperation(document: Node, transform: Transform): unknown[] {
  const paths = isJsonObject(document.paths) ? document.paths : {};
  const all: unknown[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue;
    for (const at of operationKeys(item)) {
      const operation = operationAt(item, at);
      const one: Node = { ...document, paths: { [path]: prismPathItem(item, at, operation) } };
      const made = transform(one)[0] as Node | undefined;
      if (!made) continue;
      const querystring = querystringOf(item, operation);
      all.push({ ...made, method: methodOf(at), ...(querystring ? { querystring } : {}) });
    }
  }
  return all;
}

/**
 * Prism's operation as the mock reads it: self-contained, with the method and `querystring` parameter
 * of OpenAPI 3.2 that Prism's transformer does not know (see oas32.ts).
 */
function finished(
  operation: Node,
  at: OperationKey,
  shared: boolean,
  document: Node,
  querystring: QuerystringParameter | undefined,
  parts?: SharedParts,
): unknown {
  const made = (shared ? bundleShared(operation, document, parts) : selfContained(operation, document)) as Node;
  made.method = methodOf(at);
  if (querystring !== undefined) made.querystring = querystring;
  return made;
}

function transformerOf(root: Node): Transform {
  if (root.swagger !== undefined)
    return (document) =>
      (transformOas2Operations as Transform)(document).map((made) =>
        withParameterShapes(withFormCollectionFormats(withAuthorizationRequirement(made), document)),
      );
  // A document's `jsonSchemaDialect` makes Prism's reader leave its schemas as written (no `example` as
  // `examples`, no int32 bounds), on the whole-document path only; the dialect is set afterwards
  // (schema-dialects.ts), on every path alike.
  if (root.openapi !== undefined)
    return ({ jsonSchemaDialect: _dialect, ...document }) =>
      (transformOas3Operations as Transform)(document).map((made) =>
        withParameterShapes(withFormExplode(withoutIgnoredHeaders(withAuthorizationRequirement(made)))),
      );
  throw new Error('not an OpenAPI 2 or 3 document (Postman collections are not supported)');
}

/**
 * The document with only one operation in its paths, every reference that operation reaches resolved,
 * and decycled as Prism decycles the whole: a reader of it sees what a reader of the whole document
 * would see of that operation.
 */
function oneOperation(root: Node, local: LocalReferences, parts: SharedParts, path: string, item: Node, at: OperationKey) {
  const document: Node = {};
  for (const key of READ_BESIDES) if (key in root) document[key] = root[key];
  const components = isJsonObject(root.components) ? root.components : undefined;
  if (components?.securitySchemes !== undefined) document.components = { securitySchemes: components.securitySchemes };
  const operation = operationAt(item, at, local.follow);
  const pathItem = prismPathItem(item, at, operation, local.follow);
  const querystring = querystringOf(item, operation, local.follow);
  document.paths = { [path]: pathItem };
  local.resolveWithin(document);
  if (querystring) local.resolveWithin(querystring);
  const decycled = boundedDecycle(document, parts);
  return { document: decycled.document as Node, shared: decycled.shared, querystring };
}

/**
 * Prism's transformers drop a media type's `itemSchema` (OpenAPI 3.2: the schema of each item of a
 * stream); it is copied from the (resolved) document onto the response contents of Prism's operation.
 */
function withItemSchemas(operation: unknown, document: Node, path: string, method?: string): unknown {
  const paths = isJsonObject(document.paths) ? document.paths : {};
  const item = isJsonObject(paths[path]) ? paths[path] : {};
  // A one-operation document's path item holds that operation alone, under whatever key Prism reads.
  const found =
    method === undefined
      ? Object.values(item).find((value) => isJsonObject(value) && isJsonObject(value.responses))
      : item[method.toLowerCase()];
  const source = isJsonObject(found) ? found : {};
  const responses = isJsonObject(source.responses) ? source.responses : undefined;
  if (!responses || !isJsonObject(operation) || !Array.isArray(operation.responses)) return operation;
  for (const response of operation.responses as Node[]) {
    const documented = responses[String(response.code)];
    const content = isJsonObject(documented) && isJsonObject(documented.content) ? documented.content : undefined;
    if (!content || !Array.isArray(response.contents)) continue;
    for (const media of response.contents as Node[]) {
      const object = content[String(media.mediaType)];
      if (isJsonObject(object) && isJsonObject(object.itemSchema)) media.itemSchema = object.itemSchema;
    }
  }
  return operation;
}

/** Each operation becomes self-contained: references left by decycle are bundled under the operation. */
function selfContained(operation: unknown, document?: Node): unknown {
  const keyProvider = bundleKeys();
  return bundleTarget({ document: { ...document, __target__: operation }, path: '#/__target__', cloneDocument: false, keyProvider });
}

/**
 * Names for the parts Prism's bundler moves under `__bundled__`, each one new. The bundler numbers a
 * taken name itself (`allOf_0_2`) but gives up past 20 (`allOf_0_20`), leaving the part's references
 * dangling: the schema then never compiles, and Prism's validator reads that as valid. These are the
 * names it would give, numbered on without end; a name the document itself uses (`allOf_0_21`) is
 * skipped, never reused.
 */
export function bundleKeys(): (at: { document: unknown; path: readonly string[] }) => string {
  const taken = new Set<string>();
  const next = new Map<string, number>();
  return ({ document: root, path }) => {
    const name = bundledName(root, path);
    let key = name;
    let n = next.get(name) ?? 2;
    while (taken.has(key)) key = `${name}_${n++}`;
    next.set(name, n);
    taken.add(key);
    return key;
  };
}

/** The name Prism's bundler gives the part at `path`: its last segment, with its array's name for an item. */
function bundledName(root: unknown, path: readonly string[]): string {
  if (path.length === 0) return 'root';
  let parent = root;
  for (const segment of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Node)[segment] : undefined;
  return Array.isArray(parent) ? `${path.at(-2)}_${path.at(-1)}` : String(path.at(-1));
}

/**
 * The servers Prism's transformers give an operation, read from the document without transforming it:
 * OpenAPI 3's operation, else path item, else document `servers`; Swagger 2.0's schemes (the
 * operation's, else the document's) with its host and basePath.
 */
function serversOf(root: Node, local: LocalReferences, item: Node, operation: unknown): OperationSource['servers'] {
  const op = isJsonObject(operation) ? operation : {};
  if (root.swagger !== undefined) {
    const schemes = Array.isArray(op.schemes) ? op.schemes : Array.isArray(root.schemes) ? root.schemes : [];
    if (typeof root.host !== 'string' || root.host === '') return [];
    const basePath = typeof root.basePath === 'string' && root.basePath !== '' ? root.basePath : '';
    return schemes
      .filter((scheme): scheme is string => typeof scheme === 'string' && /^(https?|wss?)$/.test(scheme))
      .map((scheme) => ({ url: `${scheme}://${root.host}${basePath}`.replace(/\/$/, '') }));
  }
  const listed = [op.servers, item.servers, root.servers].find(Array.isArray) ?? [];
  return listed
    .map((server) => local.follow(server))
    .filter((server): server is Node => isJsonObject(server) && typeof server.url === 'string')
    .map((server) => {
      const variables = local.follow(server.variables);
      return isJsonObject(variables)
        ? { url: server.url as string, variables: variables as MockServerUrl['variables'] }
        : { url: server.url as string };
    });
}

/** Every API key the document's security schemes name (OpenAPI 3 `components.securitySchemes`, Swagger 2.0 `securityDefinitions`). */
function documentApiKeys(root: Node, local?: LocalReferences): OperationSource['apiKeys'] {
  const components = isJsonObject(root.components) ? root.components : {};
  const schemes =
    local?.follow(components.securitySchemes ?? root.securityDefinitions) ?? components.securitySchemes ?? root.securityDefinitions;
  if (!isJsonObject(schemes)) return [];
  return Object.values(schemes).flatMap((value) => {
    const scheme = local ? local.follow(value) : value;
    if (!isJsonObject(scheme) || scheme.type !== 'apiKey' || typeof scheme.name !== 'string') return [];
    const where = scheme.in === 'header' || scheme.in === 'cookie' ? scheme.in : 'query';
    return [{ in: where, name: scheme.name }];
  });
}
