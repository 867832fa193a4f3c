import { essenceOf, mediaKind } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';

/**
 * A body of a media type the mock reads only as text or bytes (`message/rfc822`, `application/jose`,
 * a vendor binary) whose documented schema is an object or an array: no reader here turns such text
 * into the structure the service's own reader would, so its shape cannot be judged and a "must be
 * object" would reject what the real service accepts. Its presence is still checked.
 */
export function withoutOpaqueBodyFindings(operation: MockOperation, contentType: string | undefined, findings: Finding[]): Finding[] {
  if (contentType === undefined || !findings.some((f) => f.location === 'body')) return findings;
  const kind = mediaKind(contentType);
  if (kind !== 'text' && kind !== 'binary') return findings;
  const essence = essenceOf(contentType);
  const content = operation.requestBody?.contents.find((c) => essenceOf(c.mediaType) === essence);
  if (!content || !isStructured(content.schema)) return findings;
  return findings.filter((f) => f.location !== 'body' || f.code === 'body-required');
}

function isStructured(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const { type, properties, items } = schema as { type?: unknown; properties?: unknown; items?: unknown };
  const types = Array.isArray(type) ? type : [type];
  return types.includes('object') || types.includes('array') || (type === undefined && (properties !== undefined || items !== undefined));
}
