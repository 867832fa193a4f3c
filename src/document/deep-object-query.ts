import { isJsonObject } from '../json/json-object.js';

type Node = Record<string, unknown>;
type Query = Readonly<Record<string, string | string[] | undefined>>;

const MAX_DEPTH = 8;

/**
 * A `deepObject` parameter's value from its `name[key]` pairs (names in lower case, as Prism passes them);
 * undefined without any. The walk goes down only where the query has a pair, and at each object reads
 * only the properties the query names there: a schema that nests itself (a filter's `and`, `or`, `not`)
 * would otherwise be walked to its depth bound on every request, k^8 nodes, and a wide filter (dozens of
 * properties) read whole at each level a pair passes through. The query's names are indexed once per
 * request, so a list does not scan them all again.
 */
export function deepObjectIn(bundle: unknown) {
  const construct = (at: string, given: unknown, parameters: Query, index: QueryIndex, depth: number): unknown => {
    const schema = resolved(given, bundle);
    if (isJsonObject(schema?.properties) && depth < MAX_DEPTH) {
      const named = index.children.get(at);
      if (named === undefined) return undefined;
      const properties = schema.properties;
      const byName = lowerCaseNames(properties);
      const value: Node = Object.create(null);
      for (const segment of named) {
        const keys = byName.get(segment);
        // A key the schema closes out (`additionalProperties: false`, apideck's filters; 2020-12's
        // `unevaluatedProperties: false`) is kept, for the validator to refuse, rather than dropped unseen.
        if (keys === undefined && (schema.additionalProperties === false || schema.unevaluatedProperties === false))
          value[segment] = parameters[`${at}[${segment}]`] ?? '';
        for (const key of keys ?? []) {
          const part = construct(`${at}[${segment}]`, properties[key], parameters, index, depth + 1);
          if (part !== undefined) value[key] = part;
        }
      }
      return value;
    }
    // A map (`additionalProperties` only: webscraping.ai's `headers[Cookie]=…`): each pair the query names
    // is a member; pairs deeper than the member's schema reads are the objects they write, for the
    // validator to judge rather than dropped unseen.
    const members = schema?.additionalProperties;
    if (schema !== undefined && (isJsonObject(members) || members === true) && schema.properties === undefined && depth < MAX_DEPTH) {
      const named = index.children.get(at);
      if (named === undefined) return undefined;
      const value: Node = Object.create(null);
      for (const segment of named) {
        const key = `${at}[${segment}]`;
        const part =
          construct(key, members === true ? {} : members, parameters, index, depth + 1) ?? written(key, parameters, index, depth + 1);
        if (part !== undefined) value[segment] = part;
      }
      return value;
    }
    if (schema?.type === 'array') {
      if (!index.children.has(at) && !Object.hasOwn(parameters, at)) return undefined;
      const indexed = (index.lists.get(at) ?? []).sort((a, b) => Number(a.slice(at.length + 1, -1)) - Number(b.slice(at.length + 1, -1)));
      const items = [at, ...indexed].flatMap((key) => (Object.hasOwn(parameters, key) ? [parameters[key] ?? []].flat() : []));
      return items.length > 0 ? items : undefined;
    }
    return Object.hasOwn(parameters, at) ? parameters[at] : undefined;
  };
  return (name: string, parameters: Query, schema: Node | undefined) => construct(name, schema, parameters, indexOf(parameters), 0);
}

/** What the query's pairs under `at` write, read as nested objects whatever the schema says. */
function written(at: string, parameters: Query, index: QueryIndex, depth: number): unknown {
  if (Object.hasOwn(parameters, at)) return parameters[at];
  const named = index.children.get(at);
  if (named === undefined || depth >= MAX_DEPTH) return undefined;
  const value: Node = Object.create(null);
  for (const segment of named) {
    const part = written(`${at}[${segment}]`, parameters, index, depth + 1);
    if (part !== undefined) value[segment] = part;
  }
  return value;
}

interface QueryIndex {
  /** Each `name[a]…` that some query name continues with a `[`, to the walk's depth, and the keys (`a`) it continues with. */
  readonly children: Map<string, Set<string>>;
  /** Each `name[a]…` followed in some query name by a last `[N]` or `[]`: those names, a list's items. */
  readonly lists: Map<string, string[]>;
}

function indexOf(parameters: Query): QueryIndex {
  const children = new Map<string, Set<string>>();
  const lists = new Map<string, string[]>();
  for (const key of Object.keys(parameters)) {
    let at = key.indexOf('[');
    for (let depth = 0; at !== -1 && depth <= MAX_DEPTH; depth++) {
      const parent = key.slice(0, at);
      const next = key.indexOf('[', at + 1);
      const part = key.slice(at, next === -1 ? undefined : next);
      let named = children.get(parent);
      if (named === undefined) {
        named = new Set();
        children.set(parent, named);
      }
      if (part.length >= 2 && part.endsWith(']')) named.add(part.slice(1, -1));
      at = next;
    }
    const last = key.lastIndexOf('[');
    if (last !== -1 && /^\[\d*\]$/.test(key.slice(last))) {
      const parent = key.slice(0, last);
      const items = lists.get(parent);
      if (items) items.push(key);
      else lists.set(parent, [key]);
    }
  }
  return { children, lists };
}

/** A schema's property names by their lower case, as the query names them; made once per `properties`. */
const namesOf = new WeakMap<object, Map<string, string[]>>();

function lowerCaseNames(properties: Node): Map<string, string[]> {
  let names = namesOf.get(properties);
  if (names === undefined) {
    names = new Map();
    for (const key of Object.keys(properties)) {
      const alike = names.get(key.toLowerCase());
      if (alike) alike.push(key);
      else names.set(key.toLowerCase(), [key]);
    }
    namesOf.set(properties, names);
  }
  return names;
}

/** A schema, a reference into the operation's bundle followed. */
function resolved(schema: unknown, bundle: unknown): Node | undefined {
  const ref = isJsonObject(schema) ? schema.$ref : undefined;
  if (typeof ref === 'string' && ref.startsWith('#/__bundled__/') && isJsonObject(bundle))
    return resolved(bundle[ref.slice('#/__bundled__/'.length)], undefined);
  return isJsonObject(schema) ? schema : undefined;
}
