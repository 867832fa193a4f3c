import type { PrismOperation, PrismParameter } from './types.js';

/** Words that say nothing a request could carry (and extensions, such as Prism's ids): two parameters differing only in them are one. */
const PROSE = new Set(['description', 'title', 'example', 'examples', 'summary']);

/**
 * The other operations of a document that no request can tell from `operation`: the same method, the
 * same path template once its parameters' names are set aside (`/v1beta2/{project}/subscriptions` and
 * `/v1beta2/{topic}/subscriptions` in Google's pubsub), and the same parameters and bodies. Whichever
 * of them a real service routes such a request to, its answer is one the document allows.
 */
export function indistinguishableTwins(operation: PrismOperation, operations: readonly PrismOperation[]): PrismOperation[] {
  const mine = signature(operation);
  return operations.filter((other) => other !== operation && mayBeTwins(operation, other) && signature(other) === mine);
}

/**
 * Whether two operations share method and template shape: what twins need, told from the method and
 * path alone, so a caller can read only these candidates of a large document.
 */
export function mayBeTwins(one: { method: string; path: string }, other: { method: string; path: string }): boolean {
  return one.method === other.method && templateShape(one.path) === templateShape(other.path);
}

function templateShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

function signature(operation: PrismOperation): string {
  const request = operation.request ?? {};
  const named = (list: readonly PrismParameter[] | undefined) =>
    (list ?? [])
      .map((p) => ({ name: p.name.toLowerCase(), required: p.required === true, style: p.style, schema: p.schema }))
      .sort((a, b) => a.name.localeCompare(b.name));
  // Path parameters in the order the template holds them: their names are what the twins differ in.
  const at = (p: PrismParameter) => operation.path.indexOf(`{${p.name}}`);
  const inPath = [...(request.path ?? [])].sort((a, b) => at(a) - at(b)).map((p) => ({ style: p.style, schema: p.schema }));
  const body = request.body && {
    required: request.body.required === true,
    contents: request.body.contents?.map((c) => [c.mediaType, c.schema]),
  };
  const parts = { inPath, query: named(request.query), headers: named(request.headers), cookie: named(request.cookie), body };
  return JSON.stringify(parts, (key, value) => (PROSE.has(key) || key.startsWith('x-') ? undefined : value));
}
