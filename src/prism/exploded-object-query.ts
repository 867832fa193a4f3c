import { deepObjectIn } from '../document/deep-object-query.js';
import { isJsonObject } from '../json/json-object.js';
import { FORCING_QUERY_KEYS, forcingQueryName } from '../protocol.js';
import { formDeserializers, type PrismDiagnostic, ValidationContext, validateParams } from './prism-internals.js';

type Node = Record<string, unknown>;
type Query = Readonly<Record<string, string | string[] | undefined>>;
interface Operation {
  readonly request?: { readonly query?: readonly unknown[] };
  readonly security?: readonly (readonly unknown[])[];
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
 * A map (an object of `additionalProperties`, no properties listed: AWS SNS's required `Attributes`)
 * takes every pair no parameter, listed property or query credential of the operation names (nor the
 * mock's own `__code`-style forcing pairs).
 * Built once per operation; undefined without such a parameter.
 */
export function splitObjectQuery<T extends Operation>(operation: T): { operation: T; check: ObjectQueryCheck | undefined } {
  const query = operation.request?.query;
  const specs = (query ?? []).flatMap((spec) => {
    const schema = isJsonObject(spec) ? objectSchema(spec.schema, operation.__bundled__) : undefined;
    if (!schema) return [];
    if (isExplodedForm(spec as Node)) return [{ ...(spec as Node), schema, style: 'form' } as Node];
    return (spec as Node).style === 'deepObject' ? [{ ...(spec as Node), schema } as Node] : [];
  });
  if (!query || specs.length === 0) return { operation, check: undefined };
  const names = new Set(specs.map((spec) => spec.name));
  const rest = query.filter((spec) => !(isJsonObject(spec) && names.has(spec.name)));
  const request: Node = { ...(operation.request as Node), query: rest };
  if (rest.length === 0) delete request.query;
  const bundle = operation.__bundled__;
  const maps = specs.filter((spec) => spec.style === 'form' && !isJsonObject((spec.schema as Node).properties));
  const claimed = maps.length === 0 ? new Set<string>() : claimedNames(operation, specs);
  const deserializers = { ...formDeserializers, form: explodedObject, deepObject: deepObjectIn(operation.__bundled__) };
  const fixed = { deserializers, prefix: 'query', defaultStyle: 'form' };
  return {
    operation: { ...operation, request },
    check: (given) => {
      // Only a map reads the request's unclaimed pairs; the other operations' reading is made once.
      const how = maps.length === 0 ? fixed : { ...fixed, deserializers: { ...deserializers, form: mapForm(given, claimed) } };
      const result = validateParams(given as Readonly<Record<string, string>>, specs, ValidationContext.Input, bundle)(how);
      return result._tag === 'Right' ? [] : result.left.filter((diagnostic) => diagnostic.severity === 0);
    },
  };
}

function isExplodedForm(spec: Node): boolean {
  return (spec.style === undefined || spec.style === 'form') && spec.explode !== false;
}

/** The form reading of a request whose maps take the pairs no one claims. */
function mapForm(given: Query, claimed: ReadonlySet<string>): Deserializer {
  const rest = Object.entries(given).filter(([key, value]) => value !== undefined && !isClaimed(claimed, key));
  const map = rest.length === 0 ? undefined : Object.fromEntries(rest);
  return (name, parameters, schema) => (isJsonObject(schema?.properties) ? explodedObject(name, parameters, schema) : map);
}

/** Whether a query name is a parameter's or credential's, a deepObject's `name[key]` by its `name`. */
function isClaimed(claimed: ReadonlySet<string>, key: string): boolean {
  const name = key.toLowerCase();
  const bracket = name.indexOf('[');
  return claimed.has(name) || (bracket > 0 && claimed.has(name.slice(0, bracket)));
}

/** Query names, in lower case, that are not a map's: the parameters, listed properties and query credentials. */
function claimedNames(operation: Operation, specs: readonly Node[]): Set<string> {
  // The mock's own forcing pairs (`__code=404`) are no one's map entries either.
  const names = new Set<string>(FORCING_QUERY_KEYS.map(forcingQueryName));
  for (const spec of operation.request?.query ?? [])
    if (isJsonObject(spec) && typeof spec.name === 'string') names.add(spec.name.toLowerCase());
  for (const spec of specs) {
    const properties = (spec.schema as Node).properties;
    if (isJsonObject(properties)) for (const name of Object.keys(properties)) names.add(name.toLowerCase());
  }
  for (const scheme of (operation.security ?? []).flat()) {
    if (isJsonObject(scheme) && scheme.in === 'query' && typeof scheme.name === 'string') names.add(scheme.name.toLowerCase());
  }
  return names;
}

/**
 * The parameter's schema when it is an object with listed properties, or a map of
 * `additionalProperties`, a reference into the bundle followed.
 */
function objectSchema(schema: unknown, bundle: unknown): Node | undefined {
  let at = schema;
  const ref = isJsonObject(at) ? at.$ref : undefined;
  if (typeof ref === 'string' && ref.startsWith('#/__bundled__/') && isJsonObject(bundle)) at = bundle[ref.slice('#/__bundled__/'.length)];
  if (!isJsonObject(at)) return undefined;
  if (!isJsonObject(at.properties) && !isJsonObject(at.additionalProperties) && at.additionalProperties !== true) return undefined;
  const type = at.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) ? at : undefined;
}

/** Prism's deserializer contract: the parameter's name and the query, both in lower case, and its schema. */
type Deserializer = (name: string, parameters: Query, schema: Node | undefined) => Node | undefined;

function explodedObject(_name: string, parameters: Query, schema: Node | undefined): Node | undefined {
  const properties = isJsonObject(schema?.properties) ? schema.properties : {};
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
