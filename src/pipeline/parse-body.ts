import { isUtf8 } from 'node:buffer';
import { closesMultipart, multipartBoundary } from '../document/multipart-parts.js';
import { parseJson } from '../json/parse-json.js';
import { essenceOf, isJsonMediaType, mediaKind } from '../openapi/media-type.js';
import { readXmlBody } from '../openapi/xml-request.js';
import { isYamlMediaType, readYamlBody } from '../openapi/yaml-request.js';
import type { Finding } from '../problem.js';
import { isStructured } from './opaque-body.js';
import { type Exchange, type Learned, NO_FINDINGS, type Stage } from './types.js';

/** An empty body sent with a Content-Type: a form without fields, the empty text, an empty file. */
const EMPTY_VALUE: Learned = Object.freeze({ body: '' });

/** RFC 9110 `type/subtype` followed by parameters or nothing. */
const MEDIA_TYPE = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*(;|$)/;

/**
 * Whether zero bytes sent as this type are a value a careful server reads and judges against the
 * schema (a form without fields, the empty text, an empty file) rather than no body: zero bytes are no
 * JSON, XML, YAML or multipart document (not even its closing delimiter), nor the object or array a
 * structured schema wants of opaque text or bytes (an empty `message/rfc822`); with no Content-Type
 * nothing was sent (docs/openapi-support.md).
 */
function holdsEmptyValue(exchange: Exchange, contentType: string): boolean {
  const kind = mediaKind(contentType);
  if (kind === 'form') return true;
  const essence = essenceOf(contentType);
  if (kind === 'json' || kind === 'xml' || kind === 'multipart' || isYamlMediaType(essence)) return false;
  return !isStructured(exchange.operation?.requestBody?.contents.find((c) => essenceOf(c.mediaType) === essence)?.schema);
}

/**
 * Body parsing: JSON bodies are decoded as strict UTF-8 and parsed without losing integer precision;
 * bodies of other media types are handed on as text for the validator to judge. No body, no work.
 */
export const parseBody: Stage = (exchange) => {
  const raw = exchange.rawBody;
  const contentType = exchange.headers['content-type'];
  // An operation that documents no request body does not read one: a body sent anyway is ignored, as
  // a service whose handler never reads it would (it is still journalled as received), and so is its
  // Content-Type, however odd (Schemathesis sends `Content-Type:` empty on a GET).
  if (exchange.operation !== undefined && exchange.operation.requestBody === undefined) return NO_FINDINGS;
  // Prism's media-type parser throws on what is no `type/subtype`, body or not: the mock answers it first.
  if (contentType !== undefined && contentType !== 'application/json' && !MEDIA_TYPE.test(contentType))
    return [finding('media-type', 'malformed-content-type', 'the Content-Type header is not a media type (type/subtype)')];
  if (raw === undefined || raw.length === 0) {
    if (contentType === undefined) return NO_FINDINGS;
    if (holdsEmptyValue(exchange, contentType)) return EMPTY_VALUE;
    return emptyMultipart(exchange, contentType) ? [UNCLOSED_MULTIPART] : NO_FINDINGS;
  }
  if (contentType === undefined) {
    return [finding('media-type', 'missing-content-type', 'a body was sent without a Content-Type header')];
  }
  if (!isJsonMediaType(contentType)) {
    const body = raw.toString('utf8');
    if (mediaKind(contentType) === 'xml') return readXml(exchange, contentType, body);
    if (mediaKind(contentType) === 'multipart') return readMultipart(exchange, contentType, raw, body);
    return isYamlMediaType(essenceOf(contentType)) ? readYaml(exchange, contentType, body) : { body };
  }
  // What a strict UTF-8 decoder gives (a byte-order mark dropped), in two native steps that cost less.
  if (!isUtf8(raw)) return [finding('body', 'invalid-encoding', 'is not valid UTF-8')];
  const decoded = raw.toString('utf8');
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  const parsed = parseJson(text);
  // Only text that is no JSON can be blank: asked only then. The text is kept either way (the journal shows it).
  if (!parsed.ok)
    return {
      decoded: { text, hasBigIntegers: false },
      findings: [text.trim() === '' ? finding('body', 'body-required', 'is empty') : finding('body', 'malformed-json', parsed.message)],
    };
  return { body: parsed.value, decoded: { text, hasBigIntegers: parsed.hasBigIntegers } };
};

/** An XML body becomes the value its schema describes (xml-request.ts), for validation to judge like JSON. */
function readXml(exchange: Exchange, contentType: string, text: string): readonly Finding[] | Learned {
  const contents = exchange.operation?.requestBody?.contents ?? [];
  const essence = essenceOf(contentType);
  const content = contents.find((c) => essenceOf(c.mediaType) === essence) ?? contents.find((c) => mediaKind(c.mediaType) === 'xml');
  if (!content) return { body: text };
  // A body whose schema is a string is that text as a whole (pandorabots' file uploads), as a form's is.
  if (isStringSchema(content.schema)) return { body: text };
  const reading = readXmlBody(text, content.schema);
  if (!reading.ok) return { body: text, findings: [finding('body', 'malformed-xml', reading.message)] };
  return holdsBigInteger(reading.value) ? { body: reading.value, decoded: { text, hasBigIntegers: true } } : { body: reading.value };
}

/**
 * A multipart body of a type the operation takes is refused when it has no closing delimiter line (one
 * without a boundary is left to validation's 415, as is a type the operation does not take).
 */
function readMultipart(exchange: Exchange, contentType: string, raw: Buffer, text: string): Learned {
  const boundary = multipartBoundary(contentType);
  if (boundary === undefined || !takesType(exchange, contentType) || closesMultipart(raw, boundary)) return { body: text };
  return { body: text, findings: [UNCLOSED_MULTIPART] };
}

const UNCLOSED_MULTIPART = Object.freeze(
  finding('body', 'malformed-multipart', 'has no closing delimiter line (--boundary--): cut short or no multipart'),
);

/**
 * Zero bytes sent as a multipart type the operation takes, to an optional body: refused as a multipart
 * without its closing delimiter, as busboy, Go's reader and Steady refuse them, so that the form's required
 * fields are missing here as in an empty urlencoded form (a client that sends an empty form writes
 * `--boundary--`). Where the body is required, validation's BODY_REQUIRED says what to send.
 */
function emptyMultipart(exchange: Exchange, contentType: string): boolean {
  return mediaKind(contentType) === 'multipart' && exchange.operation?.requestBody?.required === false && takesType(exchange, contentType);
}

function takesType(exchange: Exchange, contentType: string): boolean {
  const essence = essenceOf(contentType);
  return exchange.operation?.requestBody?.contents.some((c) => essenceOf(c.mediaType) === essence) === true;
}

/** A YAML body whose schema is structured becomes its value (yaml-request.ts); one of a string schema stays text. */
function readYaml(exchange: Exchange, contentType: string, text: string): readonly Finding[] | Learned {
  const essence = essenceOf(contentType);
  const content = exchange.operation?.requestBody?.contents.find((c) => essenceOf(c.mediaType) === essence);
  if (!content || isStringSchema(content.schema)) return { body: text };
  const reading = readYamlBody(text);
  if (!reading.ok) return { body: text, findings: [finding('body', 'malformed-yaml', reading.message)] };
  return holdsBigInteger(reading.value) ? { body: reading.value, decoded: { text, hasBigIntegers: true } } : { body: reading.value };
}

function holdsBigInteger(value: unknown): boolean {
  if (typeof value === 'bigint') return true;
  return value !== null && typeof value === 'object' && Object.values(value).some(holdsBigInteger);
}

function isStringSchema(schema: unknown): boolean {
  return schema !== null && typeof schema === 'object' && (schema as { type?: unknown }).type === 'string';
}

function finding(location: Finding['location'], code: string, message: string): Finding {
  return { location, path: [], code, message };
}
