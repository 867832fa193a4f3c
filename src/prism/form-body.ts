import { AUTO_FORMATS, bundleResolver, type PlaceFormats } from '../document/dialect-names.js';
import { type FormEncoding, formFields, multipartFields, readForm } from '../document/form-fields.js';
import type { JsonSchema } from '../json/json-schema.js';
import { withoutAllOf } from './merge-all-of.js';
import {
  type PrismContent,
  type PrismDiagnostic,
  stripReadOnlyProperties,
  ValidationContext,
  validateAgainstSchema,
} from './prism-internals.js';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

type FormContent = PrismContent & { readonly encodings?: readonly FormEncoding[] };
interface Operation {
  readonly request?: { readonly body?: { readonly contents?: readonly FormContent[] } };
  readonly __bundled__?: unknown;
}

/** The diagnostics of a form body (empty when it is valid, or when the request sends none). */
export type FormBodyCheck = (contentType: string, body: unknown, formats?: PlaceFormats) => PrismDiagnostic[];

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
  const resolve = bundleResolver(bundle);
  return {
    operation: copy,
    check: (contentType, body, formats = AUTO_FORMATS) => {
      const form = forms.get(contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '');
      if (typeof body !== 'string' || form === undefined) return [];
      const fields = forms.get(FORM) === form ? formFields(body) : multipartFields(contentType, body);
      if (fields === undefined) return [NO_BOUNDARY];
      const value = readForm(fields, form.schema, form.encodings, formats, resolve);
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

/** As Prism normalises a request schema: allOf merged (the schema kept when it cannot be), readOnly stripped. */
function normalised(schema: JsonSchema): JsonSchema {
  const merged = withoutAllOf(schema);
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
