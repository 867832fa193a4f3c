import type { JsonSchema } from '../json/json-schema.js';
import { essenceOf, mediaKind } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import { documentValueCheck } from '../prism/prism-engine.js';
import type { Finding } from '../problem.js';

/**
 * A body of a media type the mock reads only as text or bytes (`message/rfc822`, `application/jose`,
 * a vendor binary) whose documented schema is an object or an array: no reader here turns such text
 * into the structure the service's own reader would, so its shape cannot be judged and a "must be
 * object" would reject what the real service accepts. Its presence is still checked.
 */
export function withoutOpaqueBodyFindings(
  operation: MockOperation,
  contentType: string | undefined,
  findings: readonly Finding[],
  text?: string,
): readonly Finding[] {
  if (contentType === undefined || !findings.some((f) => f.location === 'body')) return findings;
  const kind = mediaKind(contentType);
  const essence = essenceOf(contentType);
  const content = operation.requestBody?.contents.find((c) => essenceOf(c.mediaType) === essence);
  if (!content) return findings;
  if ((kind === 'form' || kind === 'multipart') && text !== undefined && isText(content.schema))
    return textFindings(findings, content.schema, text);
  if (kind !== 'text' && kind !== 'binary') return findings;
  if (!isStructured(content.schema)) return findings;
  return findings.filter((f) => f.location !== 'body' || f.code === 'body-required');
}

/** Whether a body of this type is a form whose fields are judged apart (form-body.ts), not one value. */
export function fieldsJudgedApart(operation: MockOperation, contentType: string): boolean {
  const kind = mediaKind(contentType);
  if (kind !== 'form' && kind !== 'multipart') return false;
  const essence = essenceOf(contentType);
  return !isText(operation.requestBody?.contents.find((c) => essenceOf(c.mediaType) === essence)?.schema);
}

/**
 * A form whose schema is a string (spoonacular's `text=...` as `type: string`, noosh's multipart file
 * as `format: binary`) is that text as a whole, not an object of fields: the text is judged against
 * the schema instead of the fields read from it. Its presence is still checked.
 */
function textFindings(findings: readonly Finding[], schema: JsonSchema, text: string): readonly Finding[] {
  const kept = findings.filter((f) => f.location !== 'body' || f.code === 'body-required');
  if (kept.length < findings.length && !documentValueCheck(schema, schema.__bundled__, 'request')(text))
    kept.push({ location: 'body', path: [], code: 'type', message: 'does not fit its schema' });
  return kept;
}

function isText(schema: unknown): schema is JsonSchema {
  return schema !== null && typeof schema === 'object' && (schema as { type?: unknown }).type === 'string';
}

/** An object or array schema, which opaque text or bytes cannot be read into. */
export function isStructured(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const { type, properties, items } = schema as { type?: unknown; properties?: unknown; items?: unknown };
  const types = Array.isArray(type) ? type : [type];
  return types.includes('object') || types.includes('array') || (type === undefined && (properties !== undefined || items !== undefined));
}
