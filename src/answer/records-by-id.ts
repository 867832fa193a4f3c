import type { DataGenerator } from '../generate/data-generator.js';
import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';

/**
 * Records seeded by their identifier (docs/openapi-support.md, "Consistent data without state"): a
 * generated record is made from a faker seeded by its identifier, so `GET /pets/42` and the element
 * of `GET /pets` whose `id` is 42 agree, across requests and across servers with the same seed.
 * Only generated answers are seeded; examples, echoes, scenarios and `--stateful` records answer as
 * before. A schema that holds no record with an identifier costs one lookup.
 */
interface RecordShape {
  /** The answer is one record: the top-level properties that can take its identifier (`id`, a parameter's name). */
  readonly detail: ReadonlySet<string> | undefined;
  /** The answer lists records (elements with an `id`): at the top (`property` undefined) or in a top-level property. */
  readonly list: { readonly property: string | undefined; readonly items: JsonSchema } | undefined;
}

type Node = Record<string, unknown>;

const SHAPES = new WeakMap<JsonSchema, RecordShape | null>();

function shapeOf(schema: JsonSchema): RecordShape | undefined {
  let shape = SHAPES.get(schema);
  if (shape === undefined) {
    shape = findShape(schema) ?? null;
    SHAPES.set(schema, shape);
  }
  return shape ?? undefined;
}

function findShape(schema: JsonSchema): RecordShape | undefined {
  const items = recordItems(schema);
  if (items) return { detail: undefined, list: { property: undefined, items } };
  const properties = propertiesOf(schema);
  const names = Object.keys(properties);
  const listed = names.find((name) => recordItems(properties[name] as JsonSchema) !== undefined);
  const list = listed === undefined ? undefined : { property: listed, items: recordItems(properties[listed] as JsonSchema) as JsonSchema };
  const detail = names.length > 0 ? new Set(names) : undefined;
  return detail || list ? { detail, list } : undefined;
}

/** The item schema of an array of objects with an `id`. */
function recordItems(schema: JsonSchema): JsonSchema | undefined {
  const items = schema.items;
  if (schema.type !== 'array' || !isJsonObject(items) || Array.isArray(items)) return undefined;
  return 'id' in propertiesOf(items as JsonSchema) ? (items as JsonSchema) : undefined;
}

function propertiesOf(schema: JsonSchema, depth = 0): Node {
  if (depth > 8) return {};
  const own = isJsonObject(schema.properties) ? schema.properties : {};
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  return Object.assign(Object.create(null) as Node, ...parts.map((part) => propertiesOf(part, depth + 1)), own);
}

/** How a record is generated: the static answer's words first, or `dynamic` (with the request's seed, if any). */
export interface RecordMode {
  readonly dynamic: boolean;
  readonly seed?: number | undefined;
}

/**
 * The answer about one record: made from its identifier when the request names one (the last path
 * parameter) and the schema has a property to take it (its own name, or `id`), else undefined.
 */
export function recordOf(
  schema: JsonSchema,
  params: Readonly<Record<string, string>> | undefined,
  generator: DataGenerator,
  mode: RecordMode,
): { readonly body: unknown } | undefined {
  const detail = shapeOf(schema)?.detail;
  if (!detail || !params) return undefined;
  const names = Object.keys(params);
  const last = names[names.length - 1];
  if (last === undefined || !(detail.has(last) || detail.has('id'))) return undefined;
  const body = made(schema, params[last] ?? '', generator, mode);
  // A record that lists others (an owner and its pets) lists them as their own details answer.
  return body === undefined ? undefined : { body: withSeededRecords(body, schema, generator, mode) };
}

/** A list answer whose records are each made again from their own `id` (the same records their details answer). */
export function withSeededRecords(body: unknown, schema: JsonSchema, generator: DataGenerator, mode: RecordMode): unknown {
  const list = shapeOf(schema)?.list;
  if (!list) return body;
  const holder = list.property === undefined ? undefined : isJsonObject(body) ? body : undefined;
  const elements = list.property === undefined ? body : holder?.[list.property];
  if (!Array.isArray(elements)) return body;
  const seeded = elements.map((element) => {
    if (!isJsonObject(element) || element.id === undefined || element.id === null || typeof element.id === 'object') return element;
    const record = made(list.items, String(element.id), generator, mode);
    return isJsonObject(record) ? { ...record, id: element.id } : element;
  });
  return list.property === undefined ? seeded : { ...holder, [list.property]: seeded };
}

/** Static records are the same on every server: kept per schema, a bounded number of identifiers each. */
const STATIC_RECORDS = new WeakMap<JsonSchema, Map<string, unknown>>();
const KEPT_PER_SCHEMA = 256;

function made(schema: JsonSchema, identifier: string, generator: DataGenerator, mode: RecordMode): unknown {
  if (mode.dynamic) return generate(() => generator.record(schema, identifier, true, mode.seed));
  let kept = STATIC_RECORDS.get(schema);
  if (!kept) {
    kept = new Map();
    STATIC_RECORDS.set(schema, kept);
  }
  if (kept.has(identifier)) return kept.get(identifier);
  const record = generate(() => generator.record(schema, identifier, false));
  if (kept.size >= KEPT_PER_SCHEMA) kept.delete(kept.keys().next().value as string);
  kept.set(identifier, record);
  return record;
}

function generate(make: () => unknown): unknown {
  try {
    return make();
  } catch {
    // A schema the generator cannot satisfy: the answer is made as it was without records.
    return undefined;
  }
}
