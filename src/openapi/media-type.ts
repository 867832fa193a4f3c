import type { MockContent } from './operation.js';

/** What the mock knows how to write for a media type: the kinds a response body is serialised as. */
export type MediaKind = 'json' | 'text' | 'xml' | 'form' | 'binary' | 'multipart';

/** `application/json; charset=utf-8` -> `application/json` (lower case). */
export function essenceOf(mediaType: string): string {
  return (mediaType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/**
 * JSON (RFC 8259, RFC 6839): `application/json`, any `+json` type, and `text/json`, which ASP.NET
 * services list beside `application/json` (jellyfin); with any parameters. The same types as
 * `mediaKind` writes as JSON, so a body is read as it would be answered.
 */
export function isJsonMediaType(mediaType: string): boolean {
  if (mediaType === 'application/json') return true;
  const essence = essenceOf(mediaType);
  const subtype = essence.slice(essence.indexOf('/') + 1);
  return essence.includes('/') && (subtype === 'json' || subtype.endsWith('+json'));
}

/**
 * The content of a content map the mock reads or writes as JSON when a document lists several media
 * types: the first JSON one, else undefined.
 */
export function findJsonContent(contents: readonly MockContent[] | undefined): MockContent | undefined {
  return contents?.find((content) => isJsonMediaType(content.mediaType));
}

/** The first JSON content of a content map, else its first content. */
export function jsonContent(contents: readonly MockContent[] | undefined): MockContent | undefined {
  return findJsonContent(contents) ?? contents?.[0];
}

/** The serialisation a (concrete) media type calls for. */
export function mediaKind(mediaType: string): MediaKind {
  const essence = essenceOf(mediaType);
  const [type = '', subtype = ''] = essence.split('/');
  if (subtype === 'json' || subtype.endsWith('+json') || essence === '*/*') return 'json';
  if (subtype === 'xml' || subtype.endsWith('+xml')) return 'xml';
  if (essence === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'multipart') return 'multipart';
  if (type === 'text' || essence === 'application/javascript' || essence === 'application/yaml') return 'text';
  return 'binary';
}

/**
 * The type an answer is labelled with when the document lists a range (`*\/*`, `text/*`,
 * `application/*+json`): a concrete member of it, JSON where the range allows.
 */
export function concreteMediaType(mediaType: string): string {
  const essence = essenceOf(mediaType);
  if (!essence.includes('*')) return mediaType;
  const [type = '*', subtype = '*'] = essence.split('/');
  if (type === '*' || (type === 'application' && subtype === '*')) return 'application/json';
  if (subtype.startsWith('*+')) return `${type}/${subtype.slice(2)}`;
  if (type === 'text') return 'text/plain';
  return `${type}/octet-stream`;
}

/** The Content-Type header of an answer: text kinds say their charset, as the mock's JSON errors do. */
export function contentTypeHeader(mediaType: string, kind: MediaKind): string {
  if (kind === 'json' || kind === 'binary' || kind === 'multipart' || /;\s*charset=/i.test(mediaType)) return mediaType;
  return `${mediaType}; charset=utf-8`;
}

/** RFC 9110 section 8.3.1: `type/subtype` and `; name=value` parameters (a value a token or quoted string). */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\\\x00-\\x08\\x0a-\\x1f\\x7f]|\\\\.)*"))?)*[ \\t]*$`,
);

/** Whether a Content-Type value is a media type a parser takes (at most 1,024 characters). */
export function isMediaType(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 1024 && MEDIA_TYPE.test(value);
}
