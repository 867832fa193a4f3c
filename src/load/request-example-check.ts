import { escapeToken, unescapeToken } from '../json/json-pointer.js';
import type { JsonSchema } from '../json/json-schema.js';
import type { DocumentLint } from '../openapi/document-lint.js';
import type { ContentVerdict, MockCallback, MockContent, MockHeader, MockOperation, MockParameter } from '../openapi/operation.js';
import { textUnchecked } from '../prism/one-of-text.js';
import { checkContent, checkedContent, type Pointers, type Report } from './example-check.js';

type Node = Record<string, unknown>;

const UNCHECKED_ONE_OF =
  'Ajv cannot compile this schema without type coercion: a text Prism finds ambiguous among its oneOf branches is let pass unchecked';

/**
 * The request side of the example check (see example-check.ts): an operation's parameters, its
 * request body and its callbacks' request bodies get a verdict, worked out on first call, and what is
 * invalid is reported once to `lint`. Nothing the mock serves comes from a request example, but it
 * builds requests from them (callbacks, webhooks, scenario checks): those skip the invalid ones.
 */
export function requestChecks(
  lint: DocumentLint,
  swagger: boolean,
  root: object | undefined,
  cleaned: WeakMap<object, JsonSchema>,
): (operation: MockOperation) => MockOperation {
  const find = parameterFinder(root);
  return (operation) => {
    const method = operation.method.toLowerCase();
    const base = `/paths/${escapeToken(operation.path)}/${method}`;
    const report: Report = (pointer, kind, message) => lint.add({ kind, pointer, operation: operation.id, message });
    const parameters = operation.parameters?.map((parameter) => {
      const at = find(operation.path, method, parameter.in, parameter.name) ?? `${base}/parameters`;
      if (parameter.in !== 'cookie' && textUnchecked(parameter.schema, parameter.schema?.__bundled__))
        report(swagger ? at : `${at}/schema`, 'schema', UNCHECKED_ONE_OF);
      return checkedParameter(parameter, at, swagger, report, cleaned);
    });
    const bodyAt = swagger ? (find(operation.path, method, 'body') ?? `${base}/parameters`) : `${base}/requestBody`;
    const body = operation.requestBody && {
      ...operation.requestBody,
      contents: operation.requestBody.contents.map((content) => requestContent(content, bodyAt, swagger, report, cleaned)),
    };
    const callbacks = operation.callbacks?.map((callback) =>
      checkedCallback(
        callback,
        `${base}/callbacks/${escapeToken(callback.name)}/${escapeToken(callback.url ?? '')}`,
        report,
        cleaned,
        root,
      ),
    );
    return {
      ...operation,
      ...(parameters ? { parameters } : {}),
      requestBody: body,
      ...(callbacks ? { callbacks } : {}),
    };
  };
}

/**
 * A callback or webhook whose request body examples and header parameters are checked; `at`: its path
 * item's pointer in `root` (the document as written, where a header's pointer is looked up).
 */
export function checkedCallback(
  callback: MockCallback,
  at: string,
  report: Report,
  cleaned: WeakMap<object, JsonSchema>,
  root?: object,
): MockCallback {
  const method = callback.method.toLowerCase();
  // A callback's headers, query and cookies are its parameters: checked (and pointed at) as parameters.
  const checked = <T extends MockHeader>(parameters: readonly T[], where: 'header' | 'query' | 'cookie'): T[] =>
    parameters.map((parameter) => {
      const pointer = parameterAt(root, at, method, where, parameter.name) ?? `${at}/${method}/parameters`;
      const { verdict } = checkedParameter({ ...parameter, in: where }, pointer, false, report, cleaned);
      return { ...parameter, verdict };
    });
  const parameters = {
    headers: checked(callback.headers, 'header'),
    ...(callback.query ? { query: checked(callback.query, 'query') } : {}),
    ...(callback.cookies ? { cookies: checked(callback.cookies, 'cookie') } : {}),
  };
  if (!callback.requestBody) return { ...callback, ...parameters };
  const bodyAt = `${at}/${method}/requestBody`;
  return {
    ...callback,
    ...parameters,
    requestBody: {
      ...callback.requestBody,
      contents: callback.requestBody.contents.map((content) => requestContent(content, bodyAt, false, report, cleaned)),
    },
  };
}

/** A request body content; Swagger 2.0's body parameter keeps its examples in `x-examples` by media type, or on its schema. */
function requestContent(content: MockContent, at: string, swagger: boolean, report: Report, cleaned: WeakMap<object, JsonSchema>) {
  if (!swagger) return checkedContent(content, `${at}/content/${escapeToken(content.mediaType)}`, false, report, cleaned);
  let verdict: ContentVerdict | undefined;
  const pointers: Pointers = {
    example: (name) => (name.includes('/') ? `${at}/x-examples/${escapeToken(name)}` : `${at}/schema/example`),
    schema: `${at}/schema`,
  };
  return { ...content, verdict: () => (verdict ??= checkContent(content, pointers, report, cleaned)) };
}

/**
 * A parameter's examples and schema words. The reader copies a 3.x parameter's `example` into its
 * schema: that copy is left out, so the value is reported once, where the document has it. Swagger
 * 2.0 parameters carry their schema words (`default`, `items`) themselves.
 */
function checkedParameter(
  parameter: MockParameter,
  at: string,
  swagger: boolean,
  report: Report,
  cleaned: WeakMap<object, JsonSchema>,
): MockParameter {
  let verdict: ContentVerdict | undefined;
  const pointers: Pointers = {
    example: (name) => (name === 'default' ? `${at}/example` : `${at}/examples/${escapeToken(name)}/value`),
    schema: swagger ? at : `${at}/schema`,
  };
  const copied = !swagger && parameter.schema !== undefined && parameter.examples.some((e) => e.name === 'default');
  const schema = copied ? withoutExampleWords(parameter.schema as JsonSchema) : parameter.schema;
  const content: MockContent = { mediaType: 'application/json', schema, examples: parameter.examples };
  return { ...parameter, verdict: () => (verdict ??= checkContent(content, pointers, report, cleaned)) };
}

function withoutExampleWords(schema: JsonSchema): JsonSchema {
  const { example: _example, examples: _examples, ...rest } = schema as Node;
  return rest as JsonSchema;
}

const IN: Readonly<Record<MockParameter['in'] | 'body', string>> = {
  path: 'path',
  query: 'query',
  header: 'header',
  cookie: 'cookie',
  body: 'body',
};

/** The JSON pointer of a parameter in the document: in the operation's list, else its path item's. */
function parameterFinder(root: object | undefined) {
  return (path: string, method: string, where: MockParameter['in'] | 'body', name?: string): string | undefined =>
    parameterAt(root, `/paths/${escapeToken(path)}`, method, where, name);
}

/**
 * The JSON pointer of a parameter of the path item at `itemAt` (a path's, a callback's or a webhook's):
 * in its operation's list, else the path item's; any name when `name` is undefined.
 */
function parameterAt(
  root: object | undefined,
  itemAt: string,
  method: string,
  where: MockParameter['in'] | 'body',
  name?: string,
): string | undefined {
  if (root === undefined) return undefined;
  const follow = (node: unknown) => followLocal(root as Node, node);
  const item = nodeAt(root as Node, itemAt) as Node | undefined;
  const lists: [unknown, string][] = [
    [follow((follow(item?.[method]) as Node | undefined)?.parameters), `${itemAt}/${method}/parameters`],
    [follow(item?.parameters), `${itemAt}/parameters`],
  ];
  for (const [list, at] of lists) {
    if (!Array.isArray(list)) continue;
    const index = list.findIndex((raw) => {
      const parameter = follow(raw) as Node | undefined;
      const sameName = name === undefined || String(parameter?.name).toLowerCase() === name.toLowerCase();
      return parameter?.in === IN[where] && sameName;
    });
    if (index >= 0) return `${at}/${index}`;
  }
  return undefined;
}

/** The node at a JSON pointer, following local references on the way. */
function nodeAt(root: Node, pointer: string): unknown {
  let at: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    const token = unescapeToken(raw);
    at = followLocal(root, at);
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, token)) return undefined;
    at = (at as Node)[token];
  }
  return followLocal(root, at);
}

/**
 * The target of a local `$ref` (followed a few times at most), read without changing the document:
 * the reader shares it, and resolving a parameter's references in place would walk its schemas too.
 */
function followLocal(root: Node, node: unknown, hops = 0): unknown {
  if (hops > 8 || node === null || typeof node !== 'object') return node;
  const ref = (node as Node).$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const token = unescapeToken(raw);
    at = followLocal(root, at, hops + 1);
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, token)) return undefined;
    at = (at as Node)[token];
  }
  return followLocal(root, at, hops + 1);
}
