import { parse as parseMultipart } from 'parse-multipart-data';
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
export type JsonPartsCheck = (contentType: string, body: unknown) => PrismDiagnostic[];

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
  const rewritten = contents?.map((content) => {
    const properties = content.schema?.properties as Record<string, Schema> | undefined;
    if (content.mediaType.toLowerCase() !== 'multipart/form-data' || !properties) return content;
    const allEncodings = (content as { encodings?: Encoding[] }).encodings ?? [];
    const relaxed: Record<string, Schema> = { ...properties };
    const before = parts.size;
    for (const [property, schema] of Object.entries(properties)) {
      const encoding = allEncodings.find((e) => e.property === property);
      if (!(encoding?.contentType === undefined ? isObjectSchema(schema) : isJson(encoding.contentType))) continue;
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
  return { operation: copy, check: jsonPartsCheck(parts, operation.__bundled__) };
}

/** OpenAPI 3 §4.8.15: an object property of a multipart body is sent as application/json by default. */
function isObjectSchema(schema: Schema): boolean {
  return schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined);
}

function jsonPartsCheck(parts: ReadonlyMap<string, Schema>, bundle: unknown): JsonPartsCheck {
  const schema = { type: 'object', properties: Object.fromEntries(parts) };
  return (contentType, body) => {
    const boundary = /^multipart\/form-data\b.*;\s*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (boundary === undefined || typeof body !== 'string') return [];
    const values: Record<string, unknown> = {};
    const diagnostics: PrismDiagnostic[] = [];
    for (const part of parseMultipart(Buffer.from(body, 'utf8'), boundary)) {
      if (part.name === undefined || !parts.has(part.name)) continue;
      try {
        values[part.name] = JSON.parse(part.data.toString('utf8'));
      } catch {
        diagnostics.push({ path: ['body', part.name], message: 'is not valid JSON', severity: 0, code: 'malformed-json' });
      }
    }
    const result = validateAgainstSchema(values, schema, false, ValidationContext.Input, 'body', bundle);
    return result._tag === 'Some' ? [...diagnostics, ...result.value] : diagnostics;
  };
}
