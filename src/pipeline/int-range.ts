import type { JsonSchema } from '../json/json-schema.js';
import { LongInteger } from '../json/long-integer.js';
import type { Finding } from '../problem.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export interface BigIntegerAt {
  readonly path: readonly string[];
  readonly value: bigint;
}

/**
 * The validator sees big integers as approximate numbers; this copy of the body replaces them and
 * lists where they were, so their exact range can be checked here.
 */
export function approximateBigIntegers(value: unknown): { approximate: unknown; bigIntegers: BigIntegerAt[] } {
  const bigIntegers: BigIntegerAt[] = [];
  const walk = (node: unknown, path: string[]): unknown => {
    if (typeof node === 'bigint') {
      bigIntegers.push({ path, value: node });
      return Number(node);
    }
    if (node instanceof LongInteger) {
      // Beyond every format's range: checked as such, and as the largest finite number by the validator.
      bigIntegers.push({ path, value: node.negative ? -(2n ** 64n) : 2n ** 64n });
      return node.negative ? -Number.MAX_VALUE : Number.MAX_VALUE;
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, String(i)]));
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) {
      Object.defineProperty(copy, key, { value: walk(item, [...path, key]), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  };
  return { approximate: walk(value, []), bigIntegers };
}

/** Exact int64 range of the big integers that sit where the schema says `format: int64`. */
export function checkInt64Range(schema: JsonSchema | undefined, bigIntegers: readonly BigIntegerAt[]): Finding[] {
  if (!schema) return [];
  return bigIntegers
    .filter(({ value, path }) => (value < INT64_MIN || value > INT64_MAX) && formatsAt(schema, path).has('int64'))
    .map(({ path }) => ({
      location: 'body',
      path,
      code: 'format',
      message: `must be an int64 integer (${INT64_MIN} to ${INT64_MAX})`,
    }));
}

/** The `format`s that the schemas applying at `path` declare (through allOf/anyOf/oneOf too). */
function formatsAt(schema: JsonSchema, path: readonly string[]): Set<string> {
  let current = expand(schema);
  for (const segment of path) current = current.flatMap((s) => expand(childSchema(s, segment)));
  return new Set(current.map((s) => s.format).filter((f): f is string => typeof f === 'string'));
}

function expand(schema: unknown): JsonSchema[] {
  if (schema === null || typeof schema !== 'object') return [];
  const s = schema as JsonSchema;
  const nested = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  return [s, ...nested.flatMap(expand)];
}

function childSchema(schema: JsonSchema, segment: string): unknown {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (properties && Object.hasOwn(properties, segment)) return properties[segment];
  if (Array.isArray(schema.items)) return (schema.items as unknown[])[Number(segment)];
  if (schema.items !== undefined && /^\d+$/.test(segment)) return schema.items;
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** A parameter as the range check reads it: where it is sent, its name and schema. */
interface Parameter {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly name: string;
  readonly schema: JsonSchema | undefined;
}

/** Each operation's int64 parameters (path, query, header; their items too), listed on first use. */
const int64ParametersOf = new WeakMap<object, readonly Parameter[]>();

function int64Parameters(operation: { readonly parameters?: readonly Parameter[] }): readonly Parameter[] {
  let found = int64ParametersOf.get(operation);
  if (found === undefined) {
    found = (operation.parameters ?? []).filter(({ in: where, schema }) => {
      const items = schema?.items;
      const itemFormat = items !== null && typeof items === 'object' ? (items as JsonSchema).format : undefined;
      return where !== 'cookie' && (schema?.format === 'int64' || itemFormat === 'int64');
    });
    int64ParametersOf.set(operation, found);
  }
  return found;
}

const PLAIN_INTEGER = /^\s*[+-]?\d+\s*$/;

/**
 * Exact int64 range of the integers sent in path, query and header parameters whose schema (or items)
 * says `format: int64`: the validator reads them as approximate numbers, with the range left to here.
 */
export function checkInt64Parameters(
  operation: { readonly parameters?: readonly Parameter[] },
  sent: {
    query: Readonly<Record<string, unknown>>;
    path: Readonly<Record<string, string>> | undefined;
    headers: Readonly<Record<string, unknown>>;
  },
): Finding[] {
  const findings: Finding[] = [];
  for (const parameter of int64Parameters(operation)) {
    const value =
      parameter.in === 'query'
        ? sent.query[parameter.name]
        : parameter.in === 'path'
          ? sent.path?.[parameter.name]
          : sent.headers[parameter.name.toLowerCase()];
    const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    const outside = texts
      .flatMap((text) => text.split(','))
      .some((text) => PLAIN_INTEGER.test(text) && (BigInt(text.trim()) < INT64_MIN || BigInt(text.trim()) > INT64_MAX));
    if (outside)
      findings.push({
        location: parameter.in,
        path: [parameter.name],
        code: 'format',
        message: `must be an int64 integer (${INT64_MIN} to ${INT64_MAX})`,
      });
  }
  return findings;
}
