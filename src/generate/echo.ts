import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';
import { LongInteger } from '../json/long-integer.js';

/** One property the response schema lets the mock echo. */
interface EchoProperty {
  readonly name: string;
  /** The name as a request may spell it (`looseName`): Twilio's form field `StatusCallback` fills `status_callback`. */
  readonly loose: string;
  /** The types of each schema that holds the property (its own, another part's `additionalProperties`). */
  readonly types: readonly (readonly string[])[];
  /** The full check of a value against the property's schemas, where their types alone do not say enough. */
  readonly accepts: ((value: unknown) => boolean) | undefined;
}

/** What an object response schema lets the mock echo from the request: its properties, in order. */
export interface EchoPlan {
  readonly properties: readonly EchoProperty[];
  readonly required: ReadonlySet<string>;
}

/** A validator of values against a schema, made once per schema (the pipeline gives Prism's). */
export type ValueCheck = (schema: JsonSchema) => (value: unknown) => boolean;

/** Keywords that say nothing about which values fit beyond `type`: a property with only these needs no validator. */
const ANNOTATIONS = new Set([
  'type',
  'description',
  'title',
  'example',
  'examples',
  'readOnly',
  'deprecated',
  'externalDocs',
  'xml',
  '$schema',
]);

/**
 * Built once per response, on first use; undefined when the schema is not an object schema. A request
 * value is echoed only where the response schema takes it: its type, and, where the property's schema
 * says more (an enum, a format, bounds, nested properties), `check` on the whole value. `writeOnly`
 * properties are never answered, so never echoed.
 */
export function planEcho(schema: JsonSchema | undefined, check?: ValueCheck): EchoPlan | undefined {
  if (!schema) return undefined;
  const parts = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [])];
  // A schema typed other than object (an array that lists `properties` too, as vtex's do) takes no echoed object.
  if (parts.some((part) => part.type !== undefined && ![part.type].flat().includes('object'))) return undefined;
  const named = (part: JsonSchema) => (part.properties as Record<string, JsonSchema> | undefined) ?? {};
  const properties = new Map<string, EchoProperty>();
  const required = new Set<string>();
  const add = (name: string) => {
    if (properties.has(name)) return;
    // Every part holds the property: by its own schema of it, else by its `additionalProperties`.
    const holding = parts.map((other) => (Object.hasOwn(named(other), name) ? named(other)[name] : other.additionalProperties));
    if (holding.some((held) => held === false || (isJsonObject(held) && held.writeOnly === true))) return;
    properties.set(name, echoProperty(name, holding.filter(isJsonObject), check));
  };
  for (const part of parts) {
    for (const name of Array.isArray(part.required) ? part.required : []) required.add(String(name));
    for (const name of Object.keys(named(part))) add(name);
  }
  // A required property no part lists (Eqivo's `RecordFile`) is held by the parts' `additionalProperties` alone.
  for (const name of required) add(name);
  if (properties.size === 0) return undefined;
  return { properties: [...properties.values()], required };
}

function echoProperty(name: string, schemas: readonly JsonSchema[], check: ValueCheck | undefined): EchoProperty {
  const types = schemas.flatMap((held) => (held.type === undefined ? [] : [[held.type].flat().map(String)]));
  const full = schemas.filter((held) => !Object.keys(held).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-')));
  const checks = check ? full.map((held) => check(held)) : [];
  const accepts = checks.length === 0 ? undefined : checks.length === 1 ? checks[0] : (value: unknown) => checks.every((ok) => ok(value));
  return { name, loose: looseName(name), types, accepts };
}

/** A field name without case, `_`, `-` or spaces: how a request's field is matched when no field has the exact name. */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[_\-\s]/g, '');
}

/** The loose names (`looseName`) of the properties of any of the request body's schemas (top level and `allOf`). */
export function clientFieldNames(schemas: readonly (JsonSchema | undefined)[]): ReadonlySet<string> | undefined {
  const names = new Set<string>();
  for (const schema of schemas) {
    const parts = schema ? [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [])] : [];
    for (const part of parts)
      if (isJsonObject(part.properties)) for (const name of Object.keys(part.properties)) names.add(looseName(name));
  }
  return names.size === 0 ? undefined : names;
}

/**
 * A response body that echoes the request's fields the response schema also has (with a fitting type),
 * matched by exact name, else by loose name (`looseName`); required fields the request lacks come from
 * `fallback` (an example or generated data), and so does an optional `id` and, where `clientFields`
 * (the request schema's loose names) is known, every optional field no request can send (Twilio's
 * `sid`, `status`, `date_created`: the server's to make). Other optional ones are left out, so a Plant
 * created without a tag comes back without one. Undefined where a required field is in neither (a
 * fallback that is no object, as an untyped schema's string example may be): the answer is then the
 * fallback's source itself, never an object without a required field.
 */
export function echo(
  plan: EchoPlan,
  request: unknown,
  fallback: () => unknown,
  clientFields?: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const source = request !== null && typeof request === 'object' && !Array.isArray(request) ? (request as Record<string, unknown>) : {};
  const result: Record<string, unknown> = {};
  let base: Record<string, unknown> | undefined;
  let loose: Map<string, string> | undefined;
  for (const { name, loose: looseKey, types, accepts } of plan.properties) {
    let value = Object.hasOwn(source, name) ? source[name] : undefined;
    if (value === undefined) {
      loose ??= new Map(Object.keys(source).map((key) => [looseName(key), key]));
      const key = loose.get(looseKey);
      if (key !== undefined) value = source[key];
    }
    if (value !== undefined && fits(value, types) && (accepts === undefined || accepts(value))) {
      result[name] = value;
    } else if (plan.required.has(name) || name === 'id' || (clientFields !== undefined && !clientFields.has(looseKey))) {
      // An `id` the request does not send is the server's to make: a resource created gets its own.
      base ??= asObject(fallback());
      if (base[name] !== undefined) result[name] = base[name];
      else if (plan.required.has(name)) return undefined;
    }
  }
  return result;
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function fits(value: unknown, types: readonly (readonly string[])[]): boolean {
  return types.every((allowed) => fitsOne(value, allowed));
}

function fitsOne(value: unknown, types: readonly string[]): boolean {
  return types.some((type) => {
    switch (type) {
      case 'integer':
        return typeof value === 'bigint' || Number.isInteger(value) || value instanceof LongInteger;
      case 'number':
        return typeof value === 'number' || typeof value === 'bigint' || value instanceof LongInteger;
      case 'array':
        return Array.isArray(value);
      case 'object':
        return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof LongInteger);
      case 'null':
        return value === null;
      default:
        return typeof value === type;
    }
  });
}
