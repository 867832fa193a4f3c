import { parseJson } from '../json/parse-json.js';
import type { Finding } from '../problem.js';
import type { Stage } from './types.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** `application/json`, `application/problem+json`, ... with any parameters. */
export function isJsonMediaType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Body parsing: JSON bodies are decoded as strict UTF-8 and parsed without losing integer precision;
 * bodies of other media types are handed on as text for the validator to judge. No body, no work.
 */
export const parseBody: Stage = (exchange) => {
  const raw = exchange.rawBody;
  if (raw === undefined || raw.length === 0) return [];
  const contentType = exchange.headers['content-type'];
  if (contentType === undefined) {
    return [finding('media-type', 'missing-content-type', 'a body was sent without a Content-Type header')];
  }
  if (!isJsonMediaType(contentType)) {
    exchange.body = raw.toString('utf8');
    return [];
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return [finding('body', 'invalid-encoding', 'is not valid UTF-8')];
  }
  exchange.bodyText = text;
  if (text.trim() === '') return [finding('body', 'body-required', 'is empty')];
  const parsed = parseJson(text);
  if (!parsed.ok) return [finding('body', 'malformed-json', parsed.message)];
  exchange.body = parsed.value;
  exchange.hasBigIntegers = parsed.hasBigIntegers;
  return [];
};

function finding(location: Finding['location'], code: string, message: string): Finding {
  return { location, path: [], code, message };
}
