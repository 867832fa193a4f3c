import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';
import type { Stage } from './types.js';

interface TemplateRoute {
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly byMethod: Map<string, MockOperation>;
}

interface RouteTable {
  readonly literal: ReadonlyMap<string, ReadonlyMap<string, MockOperation>>;
  readonly templates: readonly TemplateRoute[];
}

/** Tables already built for a set of operations (from the per-process spec cache): immutable, shared by servers. */
const TABLES = new WeakMap<readonly MockOperation[], RouteTable>();

/**
 * Route match: finds the operation for the method and path. The lookup is built once per set of
 * operations: a map for literal paths, then templated paths with the most literal text first
 * (`/plants/mine` beats `/plants/{id}`). A path that matches nothing as sent is tried again
 * percent-decoded (`/test%20path` is the document's `/test path`). `HEAD` is answered by the path's
 * `GET` when the document defines no `HEAD` of its own.
 */
export function createRouteStage(operations: readonly MockOperation[]): Stage {
  let table = TABLES.get(operations);
  if (!table) {
    table = buildTable(operations);
    TABLES.set(operations, table);
  }
  const { literal, templates } = table;
  const matchAny = (path: string, decodeParams: boolean): [ReadonlyMap<string, MockOperation>, Record<string, string>] | undefined => {
    for (const route of templates) {
      const params = matchTemplate(route, path, decodeParams);
      if (params) return [route.byMethod, params];
    }
    return undefined;
  };
  return (exchange) => {
    let byMethod = literal.get(exchange.path);
    let params: Record<string, string> | undefined;
    if (!byMethod) [byMethod, params] = matchAny(exchange.path, true) ?? [];
    if (!byMethod && exchange.path.includes('%')) {
      const decoded = decodePath(exchange.path);
      if (decoded !== undefined) {
        byMethod = literal.get(decoded);
        if (!byMethod) [byMethod, params] = matchAny(decoded, false) ?? [];
      }
    }
    if (!byMethod) return [notFound()];
    const operation = byMethod.get(exchange.method) ?? (exchange.method === 'HEAD' ? byMethod.get('GET') : undefined);
    if (!operation) return [methodNotAllowed([...byMethod.keys()])];
    exchange.operation = operation;
    if (params) exchange.pathParams = params;
    return [];
  };
}

function buildTable(operations: readonly MockOperation[]): RouteTable {
  const literal = new Map<string, Map<string, MockOperation>>();
  const templated = new Map<string, TemplateRoute>();
  for (const operation of operations) {
    if (!operation.path.includes('{')) {
      methodsOf(literal, operation.path).set(operation.method, operation);
      continue;
    }
    let route = templated.get(operation.path);
    if (!route) {
      route = { ...compileTemplate(operation.path), byMethod: new Map() };
      templated.set(operation.path, route);
    }
    route.byMethod.set(operation.method, operation);
  }
  const templates = [...templated.entries()]
    .sort(([a], [b]) => b.replace(/\{[^}]*\}/g, '').length - a.replace(/\{[^}]*\}/g, '').length)
    .map(([, route]) => route);
  return { literal, templates };
}

function methodsOf(map: Map<string, Map<string, MockOperation>>, path: string): Map<string, MockOperation> {
  let methods = map.get(path);
  if (!methods) {
    methods = new Map();
    map.set(path, methods);
  }
  return methods;
}

function compileTemplate(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(\{[^}]*\})/)
    .map((part) => {
      const name = /^\{([^}]*)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

function matchTemplate(route: TemplateRoute, path: string, decode: boolean): Record<string, string> | undefined {
  const match = route.pattern.exec(path);
  if (!match) return undefined;
  const params: Record<string, string> = Object.create(null);
  try {
    route.names.forEach((name, i) => {
      const value = match[i + 1] ?? '';
      params[name] = decode ? decodeURIComponent(value) : value;
    });
  } catch {
    return undefined;
  }
  return params;
}

/** Percent-decoded, except an encoded `/`, which stays inside its segment; undefined when malformed. */
function decodePath(path: string): string | undefined {
  try {
    return path
      .split(/%2F/i)
      .map((part) => decodeURIComponent(part))
      .join('%2F');
  } catch {
    return undefined;
  }
}

function notFound(): Finding {
  return { location: 'route', path: [], code: 'not-found', message: 'no such path' };
}

/** Allow names every method the path answers: HEAD too where GET is documented (it is answered as GET). */
function methodNotAllowed(documented: string[]): Finding {
  const allowed = documented.includes('GET') && !documented.includes('HEAD') ? [...documented, 'HEAD'] : documented;
  return { location: 'route', path: [], code: 'method-not-allowed', message: allowed.sort().join(', ') };
}
