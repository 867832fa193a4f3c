/** What the mock knows how to write for a media type: the kinds a response body is serialised as. */
export type MediaKind = 'json' | 'text' | 'xml' | 'form' | 'binary' | 'multipart';

/** `application/json; charset=utf-8` -> `application/json` (lower case). */
export function essenceOf(mediaType: string): string {
  return (mediaType.split(';', 1)[0] ?? '').trim().toLowerCase();
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
