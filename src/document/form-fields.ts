/**
 * A form body (urlencoded or multipart) read into the value its schema describes: fields in order with
 * repeats kept, then each property by its `encoding` style (see form-body.ts, which validates it).
 */
import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';
import {
  type ArrayFormat,
  AUTO_FORMATS,
  arrayBranch,
  bundleResolver,
  type Entry,
  emptyValue,
  foldEntries,
  type ObjectFormat,
  objectBranch,
  type PlaceFormats,
  type Resolve,
  spelledAs,
  splitName,
} from './dialect-names.js';
import { multipartBoundary, multipartTextParts, partText } from './multipart-parts.js';

/** An `encoding` entry as Prism's reader gives it (Swagger 2.0's collectionFormat filled in by swagger-form-arrays.ts). */
export interface FormEncoding {
  readonly property: string;
  readonly style?: string;
  readonly explode?: boolean;
  readonly contentType?: string;
}

/** Delimiters of the non-exploded array styles, read after percent-decoding as form parsers do. */
const DELIMITERS: Readonly<Record<string, string>> = {
  form: ',',
  commaDelimited: ',',
  spaceDelimited: ' ',
  tabDelimited: '\t',
  pipeDelimited: '|',
};

/** A multipart body's parts by name, in order, repeats kept; undefined without a boundary. */
export function multipartFields(contentType: string, body: string): Map<string, string[]> | undefined {
  const boundary = multipartBoundary(contentType);
  if (boundary === undefined) return undefined;
  const fields = new Map<string, string[]>();
  for (const part of multipartTextParts(body, boundary)) {
    const values = fields.get(part.name);
    if (values) values.push(partText(part));
    else fields.set(part.name, [partText(part)]);
  }
  return fields;
}

/** The form's fields, decoded by the WHATWG urlencoded parser (`+` a space), in order, repeats kept. */
export function formFields(body: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(body)) {
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  }
  return fields;
}

/**
 * The form as the value its schema describes: an array property from its repeated field (exploded
 * styles) or its one field split at the style's delimiter; an object from its `name[key]` fields (a
 * `deepObject`) or its JSON; a field sent empty as Stripe's unset or an empty object where its schema says (`emptyValue`);
 * any other field as its last value. Besides, a declared property is read from the dialects
 * clients send (`name[]`, `name[0]`, `name[0][key]`, `name.key`; dialect-names.ts): with `auto`
 * formats all of them, else only the spelling `formats` names. An absent property stays absent, a
 * required one too (a missing required property, as Rails' `params.require` or a required Spring
 * `@RequestParam` reads a form without its field, not the empty list or object).
 */
export function readForm(
  fields: ReadonlyMap<string, string[]>,
  schema: JsonSchema,
  encodings: readonly FormEncoding[],
  formats: PlaceFormats = AUTO_FORMATS,
  resolve: Resolve = bundleResolver(undefined),
): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  // Without a prototype, a field named `__proto__` is a field like any other, which the schema judges.
  const value: Record<string, unknown> = Object.create(null);
  for (const [name, values] of fields) value[name] = values[values.length - 1];
  const spelled = dialectFields(fields, properties);
  for (const [name, given] of Object.entries(properties)) {
    const property = resolve(given) ?? given;
    const encoding = encodings.find((e) => e.property === name);
    const values = fields.get(name);
    const dialect = spelled.get(name);
    const list = arrayBranch(property, resolve);
    if (!dialect && values !== undefined) {
      const empty = emptyValue(property, values, resolve);
      if (empty !== undefined) {
        value[name] = empty;
        continue;
      }
    }
    if (list) {
      const read = inBrackets(formats.array) ? styledList(values, list, encoding) : formattedList(values, formats.array);
      const more = dialect && takeDialect(value, dialect, list, resolve, arraySpelling(formats.array));
      const items = more ? [...(read ?? []), ...(more as unknown[])] : read;
      if (items !== undefined) value[name] = items;
      continue;
    }
    const object = objectBranch(property, resolve);
    const spelling = objectSpelling(formats.object);
    // A part multipart-json-parts.ts checks (its schema here `{}`) is read too, to be judged there.
    const readable = object || encoding?.style === 'deepObject' || Object.keys(property).length === 0;
    const read = dialect && readable && takeDialect(value, dialect, object ?? property, resolve, spelling);
    if (read) value[name] = read;
    else if (object && formats.object === 'flat') {
      const flat = flatObject(fields, object);
      if (flat !== undefined) value[name] = flat;
    } else if (values !== undefined && object && formats.object === 'flat-comma') value[name] = commaObject(values);
    else if (values !== undefined && formats.object === 'auto' && asJson(encoding, property)) {
      value[name] = jsonObject(values[values.length - 1] as string);
    }
  }
  return value;
}

/** An array property's plain field read per its encoding's style (OpenAPI 3's default: form, exploded). */
function styledList(values: readonly string[] | undefined, list: JsonSchema, encoding: FormEncoding | undefined): unknown[] | undefined {
  if (values === undefined) return undefined;
  const style = encoding?.style ?? 'form';
  if (asJson(encoding, itemsOf(list))) return jsonList(values);
  if (encoding?.explode ?? (style === 'form' || style === 'deepObject')) return [...values];
  const last = values[values.length - 1] as string;
  return last === '' ? [] : last.split(DELIMITERS[style] ?? ',');
}

const FORMAT_DELIMITERS: Readonly<Record<string, string>> = { comma: ',', space: ' ', pipe: '|' };

/** Whether a format leaves a plain field to the document's style: `auto`, and those spelled in brackets. */
function inBrackets(format: ArrayFormat): boolean {
  return format === 'auto' || format === 'brackets' || format === 'indices';
}

/** An array property's plain field read as an explicit format says. */
function formattedList(values: readonly string[] | undefined, format: ArrayFormat): unknown[] | undefined {
  if (values === undefined) return undefined;
  if (format === 'repeat') return [...values];
  const delimiter = FORMAT_DELIMITERS[format];
  if (delimiter === undefined) return undefined;
  const last = values[values.length - 1] as string;
  return last === '' ? [] : last.split(delimiter);
}

function arraySpelling(format: ArrayFormat): Spelling | undefined {
  return format === 'auto' ? 'any' : format === 'brackets' ? '[]' : format === 'indices' ? '[N]' : undefined;
}

function objectSpelling(format: ObjectFormat): Spelling | undefined {
  return format === 'auto' ? 'any' : format === 'brackets' ? '[key]' : format === 'dots' ? '.key' : undefined;
}

type Spelling = '[]' | '[N]' | '[key]' | '.key' | 'any';

/**
 * The value a property's dialect fields spell, those fields then taken out of the form; undefined (the
 * fields left for the schema to judge) when the format reads none of them or they do not fit the schema.
 */
function takeDialect(
  value: Record<string, unknown>,
  fields: readonly NamedEntry[],
  schema: JsonSchema,
  resolve: Resolve,
  spelling: Spelling | undefined,
): unknown {
  if (spelling === undefined) return undefined;
  const taken = spelling === 'any' ? fields : fields.filter((f) => spelledAs(f, spelling));
  if (taken.length === 0) return undefined;
  const read = foldEntries(taken, schema, resolve);
  if (read === undefined) return undefined;
  for (const field of taken) delete value[field.name];
  return read;
}

interface NamedEntry extends Entry {
  readonly name: string;
}

/** The fields whose names spell a declared property in a dialect, by the property; a declared name is never one. */
function dialectFields(fields: ReadonlyMap<string, string[]>, properties: Record<string, JsonSchema>): Map<string, NamedEntry[]> {
  const found = new Map<string, NamedEntry[]>();
  for (const [name, values] of fields) {
    if (Object.hasOwn(properties, name)) continue;
    const split = splitName(name);
    if (split === undefined || !Object.hasOwn(properties, split.root)) continue;
    const entry = { name, segments: split.segments, values };
    const list = found.get(split.root);
    if (list) list.push(entry);
    else found.set(split.root, [entry]);
  }
  return found;
}

/** `flat`: an object's listed properties from the form's own fields of their names. */
function flatObject(fields: ReadonlyMap<string, string[]>, schema: JsonSchema): Record<string, string> | undefined {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  let object: Record<string, string> | undefined;
  for (const key of Object.keys(properties)) {
    const values = fields.get(key);
    if (values === undefined) continue;
    object ??= Object.create(null) as Record<string, string>;
    object[key] = values[values.length - 1] as string;
  }
  return object;
}

/** `flat-comma`: `role,admin,name,Alex` as `{role: admin, name: Alex}`. */
function commaObject(values: readonly string[]): Record<string, string> {
  const parts = (values[values.length - 1] as string).split(',');
  const object: Record<string, string> = Object.create(null);
  for (let i = 0; i + 1 < parts.length; i += 2) object[parts[i] as string] = parts[i + 1] as string;
  return object;
}

/**
 * Whether a field holds JSON: an object (or a list's object items) with no `style` or `explode` written
 * takes its encoding's default `contentType`, `application/json` (OpenAPI 3.1.1 §4.8.15.1; salesloft's
 * `crm_params`, `custom_fields`).
 */
function asJson(encoding: FormEncoding | undefined, schema: JsonSchema | undefined): boolean {
  if (encoding?.style !== undefined || encoding?.explode !== undefined) return false;
  if (encoding?.contentType !== undefined) return /^application\/([\w.-]+\+)?json\b/i.test(encoding.contentType);
  return isObjectSchema(schema);
}

/** An object schema (`type: object`, or untyped with properties): a form field or part of JSON by default. */
export function isObjectSchema(schema: JsonSchema | undefined): boolean {
  return schema !== undefined && (schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined));
}

function itemsOf(schema: JsonSchema): JsonSchema | undefined {
  const items = schema.items;
  return typeof items === 'object' && items !== null && !Array.isArray(items) ? (items as JsonSchema) : undefined;
}

/** A JSON object field as its value; text that is not one stays text, for the schema to refuse. */
function jsonObject(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : text;
  } catch {
    return text;
  }
}

/** A list from its repeated field, one JSON item each, or from one field holding the JSON list. */
function jsonList(values: readonly string[]): unknown[] {
  const items = values.map(jsonObject);
  return items.length === 1 && Array.isArray(items[0]) ? items[0] : items;
}
