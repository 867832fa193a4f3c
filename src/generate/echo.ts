import type { JsonSchema } from '../json/json-schema.js';
import { LongInteger } from '../json/long-integer.js';

/** What an object response schema lets the mock echo from the request: its properties, in order. */
export interface EchoPlan {
  readonly properties: readonly { readonly name: string; readonly types: readonly string[] | undefined }[];
  readonly required: ReadonlySet<string>;
}

/** Built once per response at start-up; undefined when the schema is not an object schema. */
export function planEcho(schema: JsonSchema | undefined): EchoPlan | undefined {
  if (!schema) return undefined;
  const parts = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [])];
  const properties = new Map<string, readonly string[] | undefined>();
  const required = new Set<string>();
  for (const part of parts) {
    for (const [name, property] of Object.entries((part.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      const type = property.type;
      properties.set(name, type === undefined ? undefined : [type].flat().map(String));
    }
    for (const name of Array.isArray(part.required) ? part.required : []) required.add(String(name));
  }
  if (properties.size === 0) return undefined;
  return { properties: [...properties].map(([name, types]) => ({ name, types })), required };
}

/**
 * A response body that echoes the request's fields the response schema also has (with a fitting type);
 * required fields the request lacks come from `fallback` (an example or generated data); optional ones
 * are left out, so a Plant created without a tag comes back without one.
 */
export function echo(plan: EchoPlan, request: unknown, fallback: () => unknown): Record<string, unknown> {
  const source = request !== null && typeof request === 'object' && !Array.isArray(request) ? (request as Record<string, unknown>) : {};
  const result: Record<string, unknown> = {};
  let base: Record<string, unknown> | undefined;
  for (const { name, types } of plan.properties) {
    const value = Object.hasOwn(source, name) ? source[name] : undefined;
    if (value !== undefined && fits(value, types)) {
      result[name] = value;
    } else if (plan.required.has(name)) {
      base ??= asObject(fallback());
      if (base[name] !== undefined) result[name] = base[name];
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
