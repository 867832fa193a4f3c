import type { JsonSchema } from '../json/json-schema.js';
import { documentValueCheck } from '../prism/prism-engine.js';

/**
 * Consistent data without state: an answer about `/pets/42` is about pet 42. A path parameter goes into
 * the top-level property of its own name (`petId`), and the last one also into `id` where no property
 * has its name and the path ends with it, each only where the response schema takes the value (converted to a number for a
 * numeric property). The body is copied, never changed in place (built answers are shared).
 */
export function withRequestIdentifiers(
  body: unknown,
  schema: JsonSchema | undefined,
  params: Readonly<Record<string, string>>,
  path?: string,
): unknown {
  if (!schema || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const properties = topProperties(schema);
  const names = Object.keys(params);
  const last = names[names.length - 1];
  let copy: Record<string, unknown> | undefined;
  const place = (property: string, raw: string) => {
    const target = properties[property];
    if (!target) return;
    const value = fitting(target, raw, schema.__bundled__);
    if (value === undefined || (body as Record<string, unknown>)[property] === value) return;
    copy ??= { ...(body as Record<string, unknown>) };
    copy[property] = value;
  };
  // `{Sid}` and `{AccountSid}` are Twilio's `sid` and `account_sid`.
  let lastNamed = false;
  for (const name of names) {
    const property = name in properties ? name : sameName(properties, name);
    if (property === undefined) continue;
    place(property, params[name] ?? '');
    lastNamed = name === last;
  }
  // A resource made or listed under a parent (`POST /users/{user}/playlists`) has an id of its own.
  if (last !== undefined && !lastNamed && endsWith(path, last)) place('id', params[last] ?? '');
  return copy ?? body;
}

/** The property named as `name` is, but for case and separators (`AccountSid`, `account_sid`). */
function sameName(properties: Record<string, JsonSchema>, name: string): string | undefined {
  let known = SAME_NAMES.get(properties);
  if (!known) {
    known = new Map();
    SAME_NAMES.set(properties, known);
  }
  let found = known.get(name);
  if (found === undefined) {
    const bare = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
    const wanted = bare(name);
    found = (wanted === '' ? undefined : Object.keys(properties).find((key) => bare(key) === wanted)) ?? null;
    known.set(name, found);
  }
  return found ?? undefined;
}

/** Worked out once per schema and parameter name, as the properties are. */
const SAME_NAMES = new WeakMap<Record<string, JsonSchema>, Map<string, string | null>>();

/** Whether the path template ends with the parameter (`/pets/{petId}`, `/pets/{petId}.json`); true without a template. */
function endsWith(path: string | undefined, name: string): boolean {
  if (path === undefined) return true;
  const at = path.lastIndexOf(`{${name}}`);
  return at !== -1 && !path.slice(at).includes('/', 1 + name.length);
}

function fitting(schema: JsonSchema, raw: string, bundle: unknown): unknown {
  if (schema.writeOnly === true) return undefined;
  const number = raw.trim() === '' ? Number.NaN : Number(raw);
  // What the declared type rules out needs no validator run (they run on every answer that has path parameters).
  const type = schema.type;
  if (type === 'object' || type === 'array' || type === 'boolean' || type === 'null') return undefined;
  if ((type === 'integer' || type === 'number') && !Number.isFinite(number)) return undefined;
  const check = documentValueCheck(schema, bundle);
  if (Number.isFinite(number) && check(number)) return number;
  return check(raw) ? raw : undefined;
}

const PROPERTIES = new WeakMap<JsonSchema, Record<string, JsonSchema>>();

/** The top-level properties a response schema names (its own and its `allOf` parts'), worked out once per schema. */
function topProperties(schema: JsonSchema): Record<string, JsonSchema> {
  let properties = PROPERTIES.get(schema);
  if (!properties) {
    properties = propertiesOf(schema);
    PROPERTIES.set(schema, properties);
  }
  return properties;
}

function propertiesOf(schema: JsonSchema, depth = 0): Record<string, JsonSchema> {
  if (depth > 8) return {};
  const own = schema.properties !== null && typeof schema.properties === 'object' ? (schema.properties as Record<string, JsonSchema>) : {};
  const parts = Array.isArray(schema.allOf) && admitsOthers(schema) ? (schema.allOf as JsonSchema[]) : [];
  // Null prototype: a path parameter named `constructor` or `toString` names no property.
  return Object.assign(Object.create(null) as Record<string, JsonSchema>, ...parts.map((part) => propertiesOf(part, depth + 1)), own);
}

/**
 * Whether properties the schema does not list may take any value: `additionalProperties` beside an
 * `allOf` judges the properties its parts name too (Azure's `{type: object}` beside an `id` string).
 */
function admitsOthers(schema: JsonSchema): boolean {
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === true || 'patternProperties' in schema) return true;
  return extra !== false && typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0;
}
