import { parse as parseMultipart } from 'parse-multipart-data';
import type { JsonSchema } from '../json/json-schema.js';
import {
  mergeAllOf,
  type PrismContent,
  type PrismDiagnostic,
  stripReadOnlyProperties,
  ValidationContext,
  validateAgainstSchema,
} from './prism-internals.js';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

/** An `encoding` entry as Prism's reader gives it (Swagger 2.0's collectionFormat filled in by swagger-form-arrays.ts). */
export interface FormEncoding {
  readonly property: string;
  readonly style?: string;
  readonly explode?: boolean;
}
type FormContent = PrismContent & { readonly encodings?: readonly FormEncoding[] };
interface Operation {
  readonly request?: { readonly body?: { readonly contents?: readonly FormContent[] } };
  readonly __bundled__?: unknown;
}

/** The diagnostics of a form body (empty when it is valid, or when the request sends none). */
export type FormBodyCheck = (contentType: string, body: unknown) => PrismDiagnostic[];

/** Delimiters of the non-exploded array styles, read after percent-decoding as form parsers do. */
const DELIMITERS: Readonly<Record<string, string>> = {
  form: ',',
  commaDelimited: ',',
  spaceDelimited: ' ',
  tabDelimited: '\t',
  pipeDelimited: '|',
};

/**
 * Prism reads a form (urlencoded or multipart) keeping only the last of repeated fields, turns a field
 * into an array only when the document writes an `encoding` for it, and then refuses the delimiters of
 * that encoding as reserved characters: a valid array field fails either way. The copy Prism validates
 * has no schema for form contents (media type and required body still judged there); this check reads
 * the form per each property's style (OpenAPI 3's default: form, exploded, i.e. the field repeated;
 * Swagger 2.0's collectionFormat, csv by default) and validates it with Prism's own schema check, which
 * reads text as numbers and booleans where the schema asks (multipart JSON parts are left to
 * multipart-json-parts.ts, which runs first). Built once per operation; undefined without form content.
 */
export function splitFormBodies<T extends Operation>(operation: T): { operation: T; check: FormBodyCheck | undefined } {
  const contents = operation.request?.body?.contents;
  const forms = new Map<string, { schema: JsonSchema; encodings: readonly FormEncoding[] }>();
  for (const content of contents ?? []) {
    const type = content.mediaType.toLowerCase();
    if ((type === FORM || type === MULTIPART) && content.schema !== undefined && !forms.has(type))
      forms.set(type, { schema: normalised(content.schema), encodings: content.encodings ?? [] });
  }
  if (!contents || forms.size === 0) return { operation, check: undefined };
  const request = operation.request as NonNullable<Operation['request']>;
  const rewritten = contents.map((content) => (forms.has(content.mediaType.toLowerCase()) ? { ...content, schema: undefined } : content));
  const copy = { ...operation, request: { ...request, body: { ...request.body, contents: rewritten } } };
  const bundle = operation.__bundled__;
  return {
    operation: copy,
    check: (contentType, body) => {
      const form = forms.get(contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '');
      if (typeof body !== 'string' || form === undefined) return [];
      const fields = forms.get(FORM) === form ? formFields(body) : multipartFields(contentType, body);
      if (fields === undefined) return [NO_BOUNDARY];
      const value = readForm(fields, form.schema, form.encodings);
      const result = validateAgainstSchema(value, form.schema, true, ValidationContext.Input, 'body', bundle);
      return result._tag === 'Some' ? result.value : [];
    },
  };
}

/** What Prism answers a multipart body without a boundary, as Prism words it. */
const NO_BOUNDARY: PrismDiagnostic = {
  message:
    'Boundary parameter for multipart/form-data is not defined or generated in the request header. Try removing manually defined content-type from your request header if it exists.',
  code: 415,
  severity: 0,
};

/** A multipart body's parts by name, in order, repeats kept; undefined without a boundary. */
function multipartFields(contentType: string, body: string): Map<string, string[]> | undefined {
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) return undefined;
  const fields = new Map<string, string[]>();
  for (const part of parseMultipart(Buffer.from(body, 'utf8'), boundary)) {
    if (part.name === undefined) continue;
    const values = fields.get(part.name);
    if (values) values.push(part.data.toString('utf8'));
    else fields.set(part.name, [part.data.toString('utf8')]);
  }
  return fields;
}

/** As Prism normalises a request schema: allOf merged (the schema kept when it cannot be), readOnly stripped. */
function normalised(schema: JsonSchema): JsonSchema {
  let merged = schema;
  try {
    merged = mergeAllOf(schema, { deep: true, ignoreAdditionalProperties: true });
  } catch {
    // Prism validates the schema as written then.
  }
  const stripped = stripReadOnlyProperties(merged);
  return withoutFileTypes(stripped._tag === 'Some' ? stripped.value : merged);
}

/** Swagger 2.0's `type: file` is no JSON Schema type: Ajv refuses the whole schema (and Prism then checks nothing). */
function withoutFileTypes(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || !Object.values(properties).some((p) => p?.type === 'file')) return schema;
  const files = Object.entries(properties).map(([name, p]) => [name, p?.type === 'file' ? {} : p] as const);
  return { ...schema, properties: Object.fromEntries(files) };
}

/** The form's fields, each decoded as an HTML form sends it (`+` a space), in order, repeats kept. */
export function formFields(body: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decode(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? '' : decode(pair.slice(at + 1));
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  }
  return fields;
}

function decode(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
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
  const value: Record<string, unknown> = {};
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
      } else if (explode) value[name] = values;
      else {
        const last = values[values.length - 1] as string;
        value[name] = last === '' ? [] : last.split(DELIMITERS[style] ?? ',');
      }
    }
  }
  return value;
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
    object ??= {};
    object[field.slice(name.length + 1, -1)] = values[values.length - 1] as string;
    delete value[field];
  }
  return object;
}

function isArraySchema(schema: JsonSchema): boolean {
  const type = schema.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array')) || (type === undefined && schema.items !== undefined);
}
