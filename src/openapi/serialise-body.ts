import type { JsonSchema } from '../json/json-schema.js';
import { stringifyJson } from '../json/stringify-json.js';
import { contentTypeHeader, type MediaKind } from './media-type.js';
import type { MockContent } from './operation.js';
import { xmlBody } from './xml-body.js';

/** Writes a body value (an example, generated data, an echo) as the bytes of one media type. */
export type Serialise = (value: unknown) => string | Buffer;

/** What a binary answer without any bytes in the document carries: a few bytes, the same each time. */
const PLACEHOLDER_BYTES = Buffer.from([0x89, 0x6d, 0x6f, 0x63, 0x6b, 0x0d, 0x0a, 0x1a]);

/**
 * The serialiser of a media kind, or undefined for JSON, which the reply stage writes as it always
 * has (so JSON answers keep every digit of big integers and take no detour).
 */
export function serialiserFor(kind: MediaKind, schema: JsonSchema | undefined): Serialise | undefined {
  switch (kind) {
    case 'json':
      return undefined;
    case 'text':
      return (value) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : plainText(value));
    case 'xml':
      return (value) => xmlBody(schema, value);
    case 'form':
      return (value) => (typeof value === 'string' ? value : formText(value));
    case 'multipart':
      return (value) => (typeof value === 'string' ? value : multipartText(value));
    default:
      // Bytes from text; a value the schema describes as structured data goes as its JSON text.
      return (value) =>
        typeof value === 'string'
          ? Buffer.from(value, 'utf8')
          : value === undefined || value === null
            ? PLACEHOLDER_BYTES
            : Buffer.from(plainText(value));
  }
}

/** The boundary of multipart answers the mock writes itself (a written-out example keeps its own). */
export const MULTIPART_BOUNDARY = 'mock-boundary-7d54d723';

/**
 * The Content-Type of a body written as `mediaType` (concrete): a multipart body the mock wrote itself
 * (`ownMultipart`: not from a written-out string) says its boundary, unless the media type names one.
 */
export function writtenContentType(mediaType: string, kind: MediaKind, ownMultipart: boolean): string {
  return kind === 'multipart' && ownMultipart && !/boundary=/i.test(mediaType)
    ? `${mediaType}; boundary=${MULTIPART_BOUNDARY}`
    : contentTypeHeader(mediaType, kind);
}

/** A `multipart/form-data` body of an object's fields: text as written, anything else as JSON. */
function multipartText(value: unknown): string {
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value]];
  const parts = fields.map(([name, field]) => {
    const json = field !== null && typeof field === 'object';
    const type = json ? 'application/json' : 'text/plain; charset=utf-8';
    const text = typeof field === 'string' ? field : field === undefined ? '' : plainText(field);
    return `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${String(name).replace(/["\r\n]/g, '_')}"\r\nContent-Type: ${type}\r\n\r\n${text}\r\n`;
  });
  return `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n`;
}

/**
 * Why the mock cannot write this content, or undefined when it can: bytes come only from text, so a
 * binary or multipart type needs a string example or a schema that allows a string.
 */
export function unproducible(kind: MediaKind, content: MockContent): string | undefined {
  if (kind !== 'binary' && kind !== 'multipart') return undefined;
  const examples = content.examples;
  if (examples.length > 0)
    return examples.every((e) => typeof e.value === 'string') ? undefined : 'its examples are not text the mock could send as bytes';
  if (kind === 'multipart') return 'it gives no example of the multipart body';
  const type = content.schema?.type;
  if (type === undefined || [type].flat().includes('string')) return undefined;
  return `its schema describes ${[type].flat().join(' or ')} data, not bytes`;
}

function plainText(value: unknown): string {
  return typeof value === 'object' ? stringifyJson(value) : String(value);
}

function formText(value: unknown): string {
  if (value === null || typeof value !== 'object') return plainText(value ?? '');
  const form = new URLSearchParams();
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    for (const item of [field].flat()) form.append(key, item === null || item === undefined ? '' : plainText(item));
  }
  return form.toString();
}
