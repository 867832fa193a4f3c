import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';
import type { Stage } from './types.js';

interface TemplateRoute {
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly byMethod: Map<string, MockOperation>;
}

/**
 * Route match: finds the operation for the method and path. The lookup is built once: a map for literal
 * paths, then templated paths with the most literal text first (`/plants/mine` beats `/plants/{id}`).
 */
export function createRouteStage(operations: readonly MockOperation[]): Stage {
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

  return (exchange) => {
    let byMethod = literal.get(exchange.path);
    let params: Record<string, string> | undefined;
    if (!byMethod) {
      for (const route of templates) {
        params = matchTemplate(route, exchange.path);
        if (params) {
          byMethod = route.byMethod;
          break;
        }
      }
    }
    if (!byMethod) return [notFound()];
    const operation = byMethod.get(exchange.method);
    if (!operation) return [methodNotAllowed([...byMethod.keys()])];
    exchange.operation = operation;
    if (params) exchange.pathParams = params;
    return [];
  };
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

function matchTemplate(route: TemplateRoute, path: string): Record<string, string> | undefined {
  const match = route.pattern.exec(path);
  if (!match) return undefined;
  const params: Record<string, string> = Object.create(null);
  try {
    route.names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
  } catch {
    return undefined;
  }
  return params;
}

function notFound(): Finding {
  return { location: 'route', path: [], code: 'not-found', message: 'no such path' };
}

function methodNotAllowed(allowed: string[]): Finding {
  return { location: 'route', path: [], code: 'method-not-allowed', message: allowed.sort().join(', ') };
}
