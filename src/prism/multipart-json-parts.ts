import { AUTO_FORMATS, bundleResolver, type PlaceFormats, type Resolve, splitName } from '../document/dialect-names.js';
import { isObjectSchema, readForm } from '../document/form-fields.js';
import { multipartBoundary, multipartTextParts, partText } from '../document/multipart-parts.js';
import { unescapeToken } from '../json/json-pointer.js';
import { type PrismContent, type PrismDiagnostic, ValidationContext, validateAgainstSchema } from './prism-internals.js';

type Schema = Readonly<Record<string, unknown>>;
interface Encoding {
  readonly property: string;
  readonly contentType?: string;
  readonly allowReserved?: boolean;
}
interface Operation {
  readonly request?: { readonly body?: { readonly contents?: readonly PrismContent[] } };
  readonly __bundled__?: unknown;
}

/** The diagnostics of a multipart body's JSON parts (empty when they are valid). */
export type JsonPartsCheck = (contentType: string, body: unknown, formats?: PlaceFormats) => PrismDiagnostic[];

const isJson = (mediaType: string | undefined) => mediaType !== undefined && /^application\/([\w.-]+\+)?json\b/i.test(mediaType.trim());

/**
 * Prism checks every part of a multipart/form-data body as text, so a part sent as JSON (an object
 * property, or one whose `encoding` says a JSON type) fails as "must be object"; Prism's loader also
 * drops an encoding that gives only a contentType, so the object default decides then. The copy Prism
 * validates takes such parts as any text (reserved characters allowed); this check parses them as JSON
 * and validates them against the document's schema. Built once per operation; undefined when no
 * multipart content has a JSON part.
 */
export function splitJsonParts<T extends Operation>(operation: T): { operation: T; check: JsonPartsCheck | undefined } {
  const contents = operation.request?.body?.contents;
  const parts = new Map<string, Schema>();
  let dialect: unknown;
  const rewritten = contents?.map((content) => {
    const properties = content.schema?.properties as Record<string, Schema> | undefined;
    if (content.mediaType.toLowerCase() !== 'multipart/form-data' || !properties) return content;
    // The parts are judged in the dialect of the schema they are properties of (schema-dialects.ts).
    dialect ??= content.schema?.$schema;
    const allEncodings = (content as { encodings?: Encoding[] }).encodings ?? [];
    const relaxed: Record<string, Schema> = { ...properties };
    const before = parts.size;
    for (const [property, schema] of Object.entries(properties)) {
      const encoding = allEncodings.find((e) => e.property === property);
      // OpenAPI 3 §4.8.15: an object property is sent as JSON by default, an array as its items are (nrm.se's `parts`).
      const jsonByDefault = isObjectSchema(schema) || isObjectSchema(itemsOf(schema, operation.__bundled__));
      if (!(encoding?.contentType === undefined ? jsonByDefault : isJson(encoding.contentType))) continue;
      parts.set(property, schema);
      relaxed[property] = {};
    }
    if (parts.size === before) return content;
    return {
      ...content,
      schema: { ...content.schema, properties: relaxed },
      encodings: allEncodings.map((e) => (parts.has(e.property) ? { ...e, allowReserved: true } : e)),
    };
  });
  if (parts.size === 0 || !rewritten) return { operation, check: undefined };
  const request = operation.request as NonNullable<Operation['request']>;
  const copy = { ...operation, request: { ...request, body: { ...request.body, contents: rewritten } } };
  return { operation: copy, check: jsonPartsCheck(parts, operation.__bundled__, dialect) };
}

/** An array schema's items, through a reference into the operation's bundle; undefined for another schema. */
function itemsOf(schema: Schema, bundle: unknown): Schema | undefined {
  const items = schema.type === 'array' ? (schema.items as Schema | undefined) : undefined;
  const ref = typeof items?.$ref === 'string' ? items.$ref : undefined;
  if (ref === undefined) return items;
  if (!ref.startsWith('#/__bundled__/')) return undefined;
  let target: unknown = bundle;
  for (const key of ref.slice('#/__bundled__/'.length).split('/')) {
    target = (target as Record<string, unknown> | undefined)?.[unescapeToken(key)];
  }
  return typeof target === 'object' && target !== null ? (target as Schema) : undefined;
}

/**
 * An array property may come as one part holding the JSON list or as the part repeated, one item
 * each (how a multipart form sends a list): both are read as the list. A property may also come as
 * parts in a dialect (`expires_after[anchor]`, `items[0][id]`; dialect-names.ts), read as form-fields.ts
 * reads them.
 */
function jsonPartsCheck(parts: ReadonlyMap<string, Schema>, bundle: unknown, dialect: unknown): JsonPartsCheck {
  const schema = { ...(typeof dialect === 'string' ? { $schema: dialect } : {}), type: 'object', properties: Object.fromEntries(parts) };
  const resolve = bundleResolver(bundle);
  return (contentType, body, formats = AUTO_FORMATS) => {
    const boundary = /^\s*multipart\/form-data\b/i.test(contentType) ? multipartBoundary(contentType) : undefined;
    if (boundary === undefined || typeof body !== 'string') return [];
    const values: Record<string, unknown> = {};
    const lists = new Map<string, unknown[]>();
    const diagnostics: PrismDiagnostic[] = [];
    const spelled = new Map<string, string[]>();
    for (const part of multipartTextParts(body, boundary)) {
      if (!parts.has(part.name)) {
        const root = splitName(part.name)?.root;
        const known = root !== undefined && parts.has(root) ? spelled.get(part.name) : undefined;
        if (known) known.push(partText(part));
        else if (root !== undefined && parts.has(root)) spelled.set(part.name, [partText(part)]);
        continue;
      }
      try {
        const parsed: unknown = JSON.parse(partText(part));
        if (parts.get(part.name)?.type !== 'array') values[part.name] = parsed;
        else {
          // Appended in place: a copy per part cost the square of a body's thousands of parts.
          const list = lists.get(part.name);
          if (list) list.push(parsed);
          else lists.set(part.name, [parsed]);
        }
      } catch {
        diagnostics.push({ path: ['body', part.name], message: 'is not valid JSON', severity: 0, code: 'malformed-json' });
      }
    }
    for (const [name, list] of lists) values[name] = list.length === 1 && Array.isArray(list[0]) ? list[0] : list;
    const result = validateAgainstSchema(values, schema, false, ValidationContext.Input, 'body', bundle);
    if (result._tag === 'Some') diagnostics.push(...result.value);
    if (spelled.size > 0) diagnostics.push(...checkSpelled(spelled, values, parts, formats, resolve, bundle, schema.$schema));
    return diagnostics;
  };
}

/** The diagnostics of the properties sent in a dialect (and not as JSON), their text read as numbers and booleans where the schema asks, as a form's. */
function checkSpelled(
  spelled: ReadonlyMap<string, string[]>,
  values: Readonly<Record<string, unknown>>,
  parts: ReadonlyMap<string, Schema>,
  formats: PlaceFormats,
  resolve: Resolve,
  bundle: unknown,
  dialect: unknown,
): PrismDiagnostic[] {
  const read = readForm(spelled, { type: 'object', properties: Object.fromEntries(parts) }, [], formats, resolve);
  const taken = [...parts].filter(([name]) => values[name] === undefined && read[name] !== undefined);
  if (taken.length === 0) return [];
  const value = Object.fromEntries(taken.map(([name]) => [name, read[name]]));
  const result = validateAgainstSchema(
    value,
    { ...(typeof dialect === 'string' ? { $schema: dialect } : {}), type: 'object', properties: Object.fromEntries(taken) },
    true,
    ValidationContext.Input,
    'body',
    bundle,
  );
  return result._tag === 'Some' ? result.value : [];
}
