import { formDeserializers, type PrismDiagnostic, ValidationContext, validateParams } from './prism-internals.js';

type Node = Record<string, unknown>;
type Query = Readonly<Record<string, string | string[] | undefined>>;
interface Operation {
  readonly request?: { readonly query?: readonly unknown[] };
  readonly __bundled__?: unknown;
}

/** The diagnostics of an operation's exploded object query parameters (empty when they are valid). */
export type ObjectQueryCheck = (query: Query) => PrismDiagnostic[];

/**
 * An object query parameter in OpenAPI's default `form` style is exploded: its properties are pairs of
 * their own (`?S3Bucket=b&S3Key=k` for a parameter `Bundle`, AWS's). Prism reads an unstated `explode`
 * as false (it then wants `Bundle=S3Bucket,b,S3Key,k`), and when `explode: true` is stated it looks
 * the properties up in lower case, missing `S3Bucket`, and makes an absent parameter an empty object
 * (an optional one then fails its required properties). Such parameters are taken out of what Prism
 * checks and judged here by Prism's own parameter validator, their value read from the properties the
 * schema lists (query names compared as Prism compares them, without case); absent when none is given.
 * A `deepObject` parameter likewise: Prism makes an absent one, and each absent list in it, an empty
 * list (pandascore's optional `filter[id]`, `range[id]`, whose lists have `minItems`), and reads a list
 * only from `name[key][0]`: here a part without a pair is absent, and a list is read from
 * `name[key][N]`, `name[key][]` or `name[key]` repeated.
 * Built once per operation; undefined without such a parameter.
 */
export function splitObjectQuery<T extends Operation>(operation: T): { operation: T; check: ObjectQueryCheck | undefined } {
  const query = operation.request?.query;
  const specs = (query ?? []).flatMap((spec) => {
    const schema = isNode(spec) ? objectSchema(spec.schema, operation.__bundled__) : undefined;
    if (!schema) return [];
    if (isExplodedForm(spec as Node)) return [{ ...(spec as Node), schema, style: 'form' } as Node];
    return (spec as Node).style === 'deepObject' ? [{ ...(spec as Node), schema } as Node] : [];
  });
  if (!query || specs.length === 0) return { operation, check: undefined };
  const names = new Set(specs.map((spec) => spec.name));
  const rest = query.filter((spec) => !(isNode(spec) && names.has(spec.name)));
  const request: Node = { ...(operation.request as Node), query: rest };
  if (rest.length === 0) delete request.query;
  const bundle = operation.__bundled__;
  const deserializers = { ...formDeserializers, form: explodedObject, deepObject: deepObjectIn(operation.__bundled__) };
  const how = { deserializers, prefix: 'query', defaultStyle: 'form' };
  return {
    operation: { ...operation, request },
    check: (given) => {
      const result = validateParams(given as Readonly<Record<string, string>>, specs, ValidationContext.Input, bundle)(how);
      return result._tag === 'Right' ? [] : result.left.filter((diagnostic) => diagnostic.severity === 0);
    },
  };
}

function isExplodedForm(spec: Node): boolean {
  return (spec.style === undefined || spec.style === 'form') && spec.explode !== false;
}

/** The parameter's schema when it is an object with listed properties, a reference into the bundle followed. */
function objectSchema(schema: unknown, bundle: unknown): Node | undefined {
  let at = schema;
  const ref = isNode(at) ? at.$ref : undefined;
  if (typeof ref === 'string' && ref.startsWith('#/__bundled__/') && isNode(bundle)) at = bundle[ref.slice('#/__bundled__/'.length)];
  if (!isNode(at) || !isNode(at.properties)) return undefined;
  const type = at.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) ? at : undefined;
}

/** Prism's deserializer contract: the parameter's name and the query, both in lower case, and its schema. */
function explodedObject(_name: string, parameters: Query, schema: Node | undefined): Node | undefined {
  const properties = isNode(schema?.properties) ? schema.properties : {};
  const value: Node = Object.create(null);
  let found = false;
  for (const property of Object.keys(properties)) {
    // Prism's lower-cased query is a plain object: `constructor` would read Object's own.
    const key = property.toLowerCase();
    const given = Object.hasOwn(parameters, key) ? parameters[key] : undefined;
    if (given === undefined) continue;
    value[property] = given;
    found = true;
  }
  return found ? value : undefined;
}

/**
 * A `deepObject` parameter's value from its `name[key]` pairs (names in lower case, as Prism passes them);
 * undefined without any. The walk goes down only where the query has a pair: a schema that nests itself
 * (a filter's `and`, `or`, `not`) would otherwise be walked to its depth bound on every request, k^8 nodes.
 */
function deepObjectIn(bundle: unknown) {
  const construct = (at: string, given: unknown, parameters: Query, opened: ReadonlySet<string>, depth: number): unknown => {
    const schema = resolved(given, bundle);
    if (isNode(schema?.properties) && depth < MAX_DEPTH) {
      if (!opened.has(at)) return undefined;
      const value: Node = Object.create(null);
      for (const [key, property] of Object.entries(schema.properties)) {
        const part = construct(`${at}[${key.toLowerCase()}]`, property, parameters, opened, depth + 1);
        if (part !== undefined) value[key] = part;
      }
      return value;
    }
    if (schema?.type === 'array') {
      if (!opened.has(at) && !Object.hasOwn(parameters, at)) return undefined;
      const indexed = Object.keys(parameters)
        .filter((key) => key.startsWith(`${at}[`) && /^\[\d*\]$/.test(key.slice(at.length)))
        .sort((a, b) => Number(a.slice(at.length + 1, -1)) - Number(b.slice(at.length + 1, -1)));
      const items = [at, ...indexed].flatMap((key) => (Object.hasOwn(parameters, key) ? [parameters[key] ?? []].flat() : []));
      return items.length > 0 ? items : undefined;
    }
    return Object.hasOwn(parameters, at) ? parameters[at] : undefined;
  };
  return (name: string, parameters: Query, schema: Node | undefined) => construct(name, schema, parameters, openedNames(parameters), 0);
}

const MAX_DEPTH = 8;

/** Each `name[a]…` that some query name continues with a `[` (`filter[and]` for `filter[and][name]`), to the walk's depth. */
function openedNames(parameters: Query): Set<string> {
  const opened = new Set<string>();
  for (const key of Object.keys(parameters)) {
    let at = key.indexOf('[');
    for (let depth = 0; at !== -1 && depth <= MAX_DEPTH; depth++) {
      opened.add(key.slice(0, at));
      at = key.indexOf('[', at + 1);
    }
  }
  return opened;
}

/** A schema, a reference into the operation's bundle followed. */
function resolved(schema: unknown, bundle: unknown): Node | undefined {
  const ref = isNode(schema) ? schema.$ref : undefined;
  if (typeof ref === 'string' && ref.startsWith('#/__bundled__/') && isNode(bundle))
    return resolved(bundle[ref.slice('#/__bundled__/'.length)], undefined);
  return isNode(schema) ? schema : undefined;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
