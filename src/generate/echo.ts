import type { JsonSchema } from '../json/json-schema.js';
import { LongInteger } from '../json/long-integer.js';

/** One property the response schema lets the mock echo. */
interface EchoProperty {
  readonly name: string;
  readonly types: readonly string[] | undefined;
  /** The full check of a value against the property's schema, where its type alone does not say enough. */
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
  const properties = new Map<string, EchoProperty>();
  const required = new Set<string>();
  for (const part of parts) {
    for (const [name, property] of Object.entries((part.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      if (property.writeOnly === true) continue;
      const type = property.type;
      const plain = Object.keys(property).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-'));
      const types = type === undefined ? undefined : [type].flat().map(String);
      properties.set(name, { name, types, accepts: plain || !check ? undefined : check(property) });
    }
    for (const name of Array.isArray(part.required) ? part.required : []) required.add(String(name));
  }
  if (properties.size === 0) return undefined;
  return { properties: [...properties.values()], required };
}

/**
 * A response body that echoes the request's fields the response schema also has (with a fitting type);
 * required fields the request lacks come from `fallback` (an example or generated data); optional ones
 * are left out, so a Plant created without a tag comes back without one. Undefined where a required
 * field is in neither (a fallback that is no object, as an untyped schema's string example may be):
 * the answer is then the fallback's source itself, never an object without a required field.
 */
export function echo(plan: EchoPlan, request: unknown, fallback: () => unknown): Record<string, unknown> | undefined {
  const source = request !== null && typeof request === 'object' && !Array.isArray(request) ? (request as Record<string, unknown>) : {};
  const result: Record<string, unknown> = {};
  let base: Record<string, unknown> | undefined;
  for (const { name, types, accepts } of plan.properties) {
    const value = Object.hasOwn(source, name) ? source[name] : undefined;
    if (value !== undefined && fits(value, types) && (accepts === undefined || accepts(value))) {
      result[name] = value;
    } else if (plan.required.has(name)) {
      base ??= asObject(fallback());
      if (base[name] === undefined) return undefined;
      result[name] = base[name];
    }
  }
  return result;
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function fits(value: unknown, types: readonly string[] | undefined): boolean {
  if (types === undefined) return true;
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
