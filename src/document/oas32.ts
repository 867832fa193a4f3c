/**
 * What OpenAPI 3.2 adds to a path item and its parameters that Prism's transformers (written for 3.0
 * and 3.1) do not know: the `query` operation, `additionalOperations` (custom methods) and
 * `in: querystring` parameters. Each such operation is handed to the transformer as the path item's
 * `post` (the method changes nothing the transformer reads), and its method is set back afterwards; a
 * `querystring` parameter is taken out of what Prism validates and checked by the mock itself.
 */

import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';

type Node = Record<string, unknown>;
type Follow = (node: unknown) => unknown;

/** The methods Prism's transformers read from a path item, in their order of preference. */
export const PRISM_METHODS = ['get', 'post', 'put', 'delete', 'options', 'head', 'patch', 'trace'];

/** One operation of a path item: where it sits (`key`, and `name` under `additionalOperations`) and its method. */
export interface OperationKey {
  readonly key: string;
  readonly name?: string;
  /** Lower case for the fixed fields (`get`, `query`), as written for a custom method (`PURGE`). */
  readonly method: string;
}

/** The 3.2 `querystring` parameter: the whole query string as one value of `mediaType`. */
export interface QuerystringParameter {
  readonly name: string;
  readonly required: boolean;
  readonly mediaType: string;
  readonly schema: JsonSchema | undefined;
}

/** The operations of a path item, those Prism knows first, then `query` and the custom methods. */
export function operationKeys(item: Node, follow: Follow = (node) => node): OperationKey[] {
  const keys: OperationKey[] = Object.keys(item)
    .filter((key) => PRISM_METHODS.includes(key))
    .map((key) => ({ key, method: key }));
  if (isJsonObject(item.query)) keys.push({ key: 'query', method: 'query' });
  const more = follow(item.additionalOperations);
  if (isJsonObject(more)) {
    for (const name of Object.keys(more)) {
      // A custom method's name is sent as written; one that repeats a fixed field is not a custom method.
      if (PRISM_METHODS.includes(name.toLowerCase()) || name.toLowerCase() === 'query' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
        continue;
      keys.push({ key: 'additionalOperations', name, method: name });
    }
  }
  return keys;
}

/** The operation object at `at` in the path item. */
export function operationAt(item: Node, at: OperationKey, follow: Follow = (node) => node): unknown {
  const holder = at.name === undefined ? item : follow(item[at.key]);
  return isJsonObject(holder) ? follow(holder[at.name ?? at.key]) : undefined;
}

/**
 * The path item as Prism's transformer should read it for one operation: its shared fields, and the
 * operation under its own method, or under `post` for a method Prism does not know; `querystring`
 * parameters left out (see `querystringOf`).
 */
export function prismPathItem(item: Node, at: OperationKey, operation: unknown, follow: Follow = (node) => node): Node {
  const pathItem: Node = {};
  for (const key of Object.keys(item)) {
    if (PRISM_METHODS.includes(key) || key === 'query' || key === 'additionalOperations') continue;
    pathItem[key] = key === 'parameters' ? withoutQuerystring(item[key], follow) : item[key];
  }
  const op =
    isJsonObject(operation) && Array.isArray(operation.parameters)
      ? { ...operation, parameters: withoutQuerystring(operation.parameters, follow) }
      : operation;
  pathItem[PRISM_METHODS.includes(at.key) ? at.key : 'post'] = op;
  return pathItem;
}

/** The method Prism's form of the operation must carry. */
export function methodOf(at: OperationKey): string {
  return at.name ?? at.key;
}

/** The operation's (else the path item's) `querystring` parameter, from the document already dereferenced. */
export function querystringOf(item: Node, operation: unknown, follow: Follow = (node) => node): QuerystringParameter | undefined {
  const lists = [isJsonObject(operation) ? operation.parameters : undefined, item.parameters];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    const found = list.map(follow).find((parameter) => isJsonObject(parameter) && parameter.in === 'querystring') as Node | undefined;
    if (!found) continue;
    const contents = follow(found.content);
    const content = isJsonObject(contents) ? Object.entries(contents)[0] : undefined;
    const followed = content ? follow(content[1]) : undefined;
    const media = isJsonObject(followed) ? followed : {};
    return {
      name: typeof found.name === 'string' ? found.name : 'querystring',
      required: found.required === true,
      mediaType: content?.[0] ?? 'application/x-www-form-urlencoded',
      schema: (isJsonObject(media.schema) || typeof media.schema === 'boolean' ? media.schema : undefined) as JsonSchema | undefined,
    };
  }
  return undefined;
}

function withoutQuerystring(parameters: unknown, follow: Follow): unknown {
  if (!Array.isArray(parameters)) return parameters;
  return parameters.filter((parameter) => {
    const followed = follow(parameter);
    return !(isJsonObject(followed) && followed.in === 'querystring');
  });
}
