/**
 * A form body (urlencoded or multipart) read into the value its schema describes: fields in order with
 * repeats kept, then each property by its `encoding` style (see form-body.ts, which validates it).
 */
import type { JsonSchema } from '../json/json-schema.js';
import { multipartBoundary, multipartParts, partText } from './multipart-parts.js';

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
  for (const part of multipartParts(Buffer.from(body, 'utf8'), boundary)) {
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
 * styles) or its one field split at the style's delimiter; a required array sent empty has no field
 * at all, so its absence reads as `[]`; a `deepObject` property from its `name[key]` fields; any other
 * field as its last value. An absent optional property stays absent.
 */
export function readForm(
  fields: ReadonlyMap<string, string[]>,
  schema: JsonSchema,
  encodings: readonly FormEncoding[],
): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  // Without a prototype, a field named `__proto__` is a field like any other, which the schema judges.
  const value: Record<string, unknown> = Object.create(null);
  for (const [name, values] of fields) value[name] = values[values.length - 1];
  for (const [name, property] of Object.entries(properties)) {
    const encoding = encodings.find((e) => e.property === name);
    const style = encoding?.style ?? 'form';
    const values = fields.get(name);
    if (style === 'deepObject') {
      const object = deepObject(fields, name, value);
      if (object !== undefined) value[name] = object;
    } else if (isArraySchema(property)) {
      const explode = encoding?.explode ?? style === 'form';
      if (values === undefined) {
        if (required.has(name)) value[name] = [];
      } else if (asJson(encoding, itemsOf(property))) value[name] = jsonList(values);
      else if (explode) value[name] = values;
      else {
        const last = values[values.length - 1] as string;
        value[name] = last === '' ? [] : last.split(DELIMITERS[style] ?? ',');
      }
    } else if (values !== undefined && asJson(encoding, property)) {
      value[name] = jsonObject(values[values.length - 1] as string);
    }
  }
  return value;
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

/** The `name[key]` fields as one object (taken out of the form's other fields), or undefined when there are none. */
function deepObject(
  fields: ReadonlyMap<string, string[]>,
  name: string,
  value: Record<string, unknown>,
): Record<string, string> | undefined {
  let object: Record<string, string> | undefined;
  for (const [field, values] of fields) {
    if (!field.startsWith(`${name}[`) || !field.endsWith(']')) continue;
    object ??= Object.create(null) as Record<string, string>;
    object[field.slice(name.length + 1, -1)] = values[values.length - 1] as string;
    delete value[field];
  }
  return object;
}

function isArraySchema(schema: JsonSchema): boolean {
  const type = schema.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array')) || (type === undefined && schema.items !== undefined);
}
