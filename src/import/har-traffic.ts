import { harViolations } from '../har/check-har.js';
import type { HarEntry } from '../har/har-types.js';
import { headerObject, type TrafficExchange } from './traffic.js';

/** The exchanges of a HAR 1.2 log, checked against its schema first; a one-line reason when it is not one. */
export function harTraffic(value: unknown): TrafficExchange[] | string {
  const violations = harViolations(value, 1);
  if (violations.length > 0) return `not a HAR 1.2 log: ${violations[0]}`;
  const entries = (value as { log: { entries: readonly HarEntry[] } }).log.entries;
  return entries.map((entry, i) => harExchange(entry, i + 1));
}

function harExchange(entry: HarEntry, n: number): TrafficExchange {
  const { request, response } = entry;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    const label = `${request.method} ${request.url.slice(0, 200)} (entry ${n})`;
    return { label, method: request.method, path: '', query: '', headers: {}, body: undefined, unusable: 'its URL cannot be read' };
  }
  const label = `${request.method} ${url.pathname}${url.search} (entry ${n})`;
  const base = {
    label,
    method: request.method.toUpperCase(),
    path: url.pathname,
    query: url.search.slice(1),
    headers: headerObject(request.headers),
    body: requestBody(request.postData),
  };
  if (response.status === 0) return { ...base, unusable: 'no answer was received (status 0)' };
  const content = response.content;
  if (content.text === undefined && content.size > 0)
    return { ...base, unusable: 'the HAR holds no body of its answer (save it with content)' };
  const body = content.text === undefined ? undefined : content.encoding === 'base64' ? Buffer.from(content.text, 'base64') : content.text;
  return { ...base, answer: { status: response.status, headers: headerObject(response.headers), body } };
}

function requestBody(postData: HarEntry['request']['postData']): Buffer | undefined {
  if (postData === undefined) return undefined;
  if (postData.text !== undefined) return Buffer.from(postData.text, 'utf8');
  if (postData.params === undefined) return undefined;
  return Buffer.from(
    new URLSearchParams(postData.params.map(({ name, value }): [string, string] => [name, value ?? ''])).toString(),
    'utf8',
  );
}
