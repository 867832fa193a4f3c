import type { MockOperation } from '../openapi/operation.js';
import { keyQuery } from '../openapi/operation-twins.js';
import { basePathOf, bySpecificity, compileTemplate, type PathPattern, routedPath } from '../openapi/path-template.js';
import type { Finding } from '../problem.js';
import { createTwinPicker, fitsPathValues, type Twin, type TwinPicker } from './route-twins.js';
import { closedFirstPattern } from './touching-parameters.js';
import type { Stage } from './types.js';

/**
 * An operation reached through a template, with its own names for the template's parameters; where
 * other operations share its path and method (see route-twins.ts), the picker chooses among them.
 */
interface Routed extends Twin {
  pick?: TwinPicker;
  twins?: Twin[];
}

interface TemplateRoute {
  readonly pattern: PathPattern;
  readonly byMethod: Map<string, Routed>;
}

interface RouteTable {
  readonly literal: ReadonlyMap<string, ReadonlyMap<string, Routed>>;
  /**
   * The templates a path may match, most specific first, by its number of segments (a parameter never
   * spans a `/`) and then its first segment: those whose first segment is that literal, and those whose
   * first segment holds a parameter (under the key with an empty first segment). A large document
   * (GitHub's has hundreds of templates) then tries a handful per request, not all of them.
   */
  readonly templatesUnder: ReadonlyMap<string, readonly TemplateRoute[]>;
  /** The servers' base paths (`/v1`, `/{stage}/api`), each with the operations reached under it; on first use. */
  readonly bases: () => readonly { readonly prefix: PathPattern; readonly table: RouteTable }[];
}

type Match = [ReadonlyMap<string, Routed>, readonly string[] | undefined];

/** Tables already built for a set of operations (from the per-process spec cache): immutable, shared by servers. */
const TABLES = new WeakMap<readonly MockOperation[], RouteTable>();

/**
 * Route match: finds the operation for the method and path. The lookup is built once per set of
 * operations: a map for literal paths, then templated paths most specific first (see
 * `bySpecificity`: `/plants/mine` beats `/plants/{id}`). A path that matches nothing as sent is tried
 * again percent-decoded (`/test%20path` is the document's `/test path`), then under each server's base
 * path (`/v1/plants` where the document's server is `https://api.example.com/v1`). `HEAD` is answered
 * by the path's `GET` when the document defines no `HEAD` of its own.
 */
export function createRouteStage(operations: readonly MockOperation[]): Stage {
  let table = TABLES.get(operations);
  if (!table) {
    table = buildTable(operations);
    TABLES.set(operations, table);
  }
  const root = table;
  return (exchange) => {
    let path = exchange.path;
    let table = root;
    let found = lookup(root, path);
    if (!found) {
      for (const { prefix, table: under } of root.bases()) {
        const base = prefix.exec(path)?.[0];
        found = base !== undefined ? lookup(under, path.slice(base.length)) : undefined;
        if (found) {
          path = path.slice((base as string).length);
          table = under;
          break;
        }
      }
    }
    if (!found) return [notFound()];
    const method = exchange.method;
    // A method the most specific path lacks goes to the next path the URL matches that has it, where
    // the values fit its parameters (GitLab's `GET .../services/{service_slug}` beside `PUT
    // .../services/asana`), as method-and-path routers do.
    if (entryOf(found[0], method) === undefined) {
      const first = found[0];
      found = lookup(table, path, (byMethod, values) => fitting(entryOf(byMethod, method), values));
      if (!found) return [methodNotAllowed(methodsAt(table, path, first))];
    }
    const [byMethod, values] = found;
    const entry = entryOf(byMethod, method) as Routed;
    const routed = entry.pick ? entry.pick(exchange, values) : entry;
    const operation = routed.operation;
    if (values || routed.fromQuery) {
      const params: Record<string, string> = Object.create(null);
      routed.names.forEach((name, i) => {
        params[name] = values?.[i] ?? '';
      });
      for (const [param, name] of routed.fromQuery ?? []) {
        const sent = exchange.query[name];
        const value = Array.isArray(sent) ? sent[0] : sent;
        if (value !== undefined) params[param] = value;
      }
      return { operation, pathParams: params };
    }
    return { operation };
  };
}

/** HEAD is answered by GET where the path has no HEAD of its own. */
function entryOf(byMethod: ReadonlyMap<string, Routed>, method: string): Routed | undefined {
  return byMethod.get(method) ?? (method === 'HEAD' ? byMethod.get('GET') : undefined);
}

/** Whether an entry takes the path's values (any of its twins); a literal path's (no values) always. */
function fitting(entry: Routed | undefined, values: readonly string[] | undefined): boolean {
  if (entry === undefined) return false;
  return values === undefined || (entry.twins ?? [entry]).some((twin) => fitsPathValues(twin, values));
}

type Wants = (byMethod: ReadonlyMap<string, Routed>, values: readonly string[] | undefined) => boolean;

/** The path as sent, else percent-decoded; parameter values come decoded. With `wants`, the first such match. */
function lookup(table: RouteTable, path: string, wants: Wants = () => true): Match | undefined {
  const literal = table.literal.get(path);
  if (literal && wants(literal, undefined)) return [literal, undefined];
  const found = matchTemplates(table, path, true, wants);
  if (found || !path.includes('%')) return found;
  const decoded = decodePath(path);
  if (decoded === undefined) return undefined;
  const decodedLiteral = table.literal.get(decoded);
  return decodedLiteral && wants(decodedLiteral, undefined) ? [decodedLiteral, undefined] : matchTemplates(table, decoded, false, wants);
}

/** What a 405's Allow lists: the most specific path's methods, and those another path the URL matches takes it to. */
function methodsAt(table: RouteTable, path: string, first: ReadonlyMap<string, Routed>): string[] {
  const methods = new Set(first.keys());
  lookup(table, path, (byMethod, values) => {
    for (const [method, entry] of byMethod) if (!methods.has(method) && fitting(entry, values)) methods.add(method);
    return false;
  });
  return [...methods];
}

function matchTemplates(table: RouteTable, path: string, decode: boolean, wants: Wants): Match | undefined {
  const depth = segments(path);
  const end = path.indexOf('/', 1);
  const first = end === -1 ? path.slice(1) : path.slice(1, end);
  for (const route of table.templatesUnder.get(`${depth}/${first}`) ?? table.templatesUnder.get(`${depth}/`) ?? []) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    try {
      const values = match.slice(1).map((value) => (decode ? decodeURIComponent(value) : value));
      if (wants(route.byMethod, values)) return [route.byMethod, values];
    } catch {}
  }
  return undefined;
}

function buildTable(operations: readonly MockOperation[], withBases = true): RouteTable {
  const literal = new Map<string, Map<string, Routed>>();
  const templated = new Map<string, TemplateRoute & { readonly path: string }>();
  for (const operation of operations) {
    const path = routedPath(operation.path);
    const compiled = path.includes('{') ? compileTemplate(path) : undefined;
    // The `{param}`s of a path key's query part (`/current?lat={lat}`) take their values from the query.
    const bound = keyQuery(operation.path).flatMap((pair) => (pair.param === undefined ? [] : [[pair.param, pair.name] as const]));
    const fromQuery = bound.length > 0 ? { fromQuery: bound } : {};
    if (!compiled || compiled.problem !== undefined) {
      addTwin(methodsOf(literal, path), { operation, names: [], ...fromQuery });
      continue;
    }
    let route = templated.get(compiled.shape);
    if (!route) {
      const byMethod = new Map<string, Routed>();
      const pattern =
        compiled.ambiguity === undefined ? compiled.pattern : closedFirstPattern(path, compiled.pattern, () => routedOf(byMethod));
      route = { path, pattern, byMethod };
      templated.set(compiled.shape, route);
    }
    addTwin(route.byMethod, { operation, names: compiled.names, ...fromQuery });
  }
  const templates = [...templated.values()].sort((a, b) => bySpecificity(a.path, b.path));
  let bases: ReturnType<RouteTable['bases']> | undefined;
  return { literal, templatesUnder: templatesByKey(templates), bases: () => (bases ??= withBases ? baseTables(operations) : []) };
}

/** See RouteTable.templatesUnder; each list keeps the templates' order. */
function templatesByKey(templates: readonly (TemplateRoute & { readonly path: string })[]): Map<string, readonly TemplateRoute[]> {
  const keyed = templates.map((route) => {
    const end = route.path.indexOf('/', 1);
    const first = end === -1 ? route.path.slice(1) : route.path.slice(1, end);
    return { route, depth: segments(route.path), first: first.includes('{') ? '' : first };
  });
  const byKey = new Map<string, TemplateRoute[]>();
  for (const { depth, first } of keyed) byKey.set(`${depth}/${first}`, []);
  for (const { route, depth, first } of keyed) {
    for (const [key, list] of byKey) if (key === `${depth}/${first}` || (first === '' && key.startsWith(`${depth}/`))) list.push(route);
  }
  return byKey;
}

/** How many segments a path has: its number of slashes. */
function segments(path: string): number {
  let count = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) count += 1;
  return count;
}

function baseTables(operations: readonly MockOperation[]): ReturnType<RouteTable['bases']> {
  const groups = new Map<string, { prefix: PathPattern; operations: MockOperation[] }>();
  for (const operation of operations) {
    for (const server of operation.servers ?? []) {
      const base = basePathOf(server);
      if (!base) continue;
      const group = groups.get(base.prefix.source) ?? { prefix: base.prefix, operations: [] };
      groups.set(base.prefix.source, group);
      if (!group.operations.includes(operation)) group.operations.push(operation);
    }
  }
  return [...groups.values()].map(({ prefix, operations: under }) => ({ prefix, table: buildTable(under, false) }));
}

/** Every operation a route reaches, with its names for the template's parameters. */
function routedOf(byMethod: ReadonlyMap<string, Routed>): Twin[] {
  return [...byMethod.values()].flatMap((routed) => routed.twins ?? [routed]);
}

/** A second operation of one path (or shape) and method joins the first's twins, picked among per request. */
function addTwin(byMethod: Map<string, Routed>, twin: Twin): void {
  const first = byMethod.get(twin.operation.method);
  if (!first) {
    byMethod.set(twin.operation.method, { ...twin });
    return;
  }
  first.twins ??= [{ operation: first.operation, names: first.names, ...(first.fromQuery ? { fromQuery: first.fromQuery } : {}) }];
  first.twins.push(twin);
  first.pick ??= pickerOnFirstUse(first.twins);
}

/** The picker of every twin a route ends up with, made once, when first asked (AWS documents have hundreds). */
function pickerOnFirstUse(twins: readonly Twin[]): TwinPicker {
  let pick: TwinPicker | undefined;
  return (exchange, values) => {
    pick ??= createTwinPicker(twins);
    return pick(exchange, values);
  };
}

function methodsOf(map: Map<string, Map<string, Routed>>, path: string): Map<string, Routed> {
  let methods = map.get(path);
  if (!methods) {
    methods = new Map();
    map.set(path, methods);
  }
  return methods;
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
