import type { IncomingHttpHeaders } from 'node:http';
import type { JsonSchema } from '../json/json-schema.js';
import type { MockOperation } from '../openapi/operation.js';
import { compiledDocumentCheck } from '../prism/prism-engine.js';

/**
 * Links in answers (`next` pages, `self`, `url` fields) that point at the document's own servers
 * (`https://api.example.com/v1/pets?page=2`) point at the mock instead, so a client that follows them
 * stays on the mock. Only the origin is replaced; the path is kept, as the mock serves the servers'
 * base paths too. Loopback servers are the mock's own addresses already: an operation served only
 * there (the Plant Store's) costs nothing per request. A rewritten answer the response `schema` refuses,
 * where the document's links pass, keeps the document's links: a `pattern` asking for `https://` or the
 * document's own host refuses the mock's address.
 */
export function withOwnAddress(body: unknown, operation: MockOperation, headers: IncomingHttpHeaders, schema?: JsonSchema): unknown {
  const origins = originsOf(operation);
  if (origins.length === 0 || body === null || typeof body !== 'object' || UNLINKED.has(body)) return body;
  const own = ownOrigin(headers);
  if (own === undefined) return body;
  const rewritten = rewrite(body, origins, own, 0);
  // Built answers are shared and never change: one that holds no link is not walked again.
  if (rewritten === body) UNLINKED.add(body);
  if (rewritten === body || schema === undefined) return rewritten;
  const check = compiledDocumentCheck(schema, schema.__bundled__);
  return check(rewritten).length === 0 || !documentLinksFit(body, schema) ? rewritten : body;
}

/** The links in a `Location`, `Content-Location` or `Link` header lead back to the mock as those in bodies do; the same headers when none changes. */
export function headersWithOwnAddress(
  sent: Readonly<Record<string, string>>,
  operation: MockOperation,
  headers: IncomingHttpHeaders,
): Readonly<Record<string, string>> {
  if (sent.location === undefined && sent['content-location'] === undefined && sent.link === undefined) return sent;
  const origins = originsOf(operation);
  const own = origins.length === 0 ? undefined : ownOrigin(headers);
  if (own === undefined) return sent;
  let copy: Record<string, string> | undefined;
  for (const name of ['location', 'content-location', 'link']) {
    const value = sent[name];
    if (value === undefined) continue;
    const next =
      name === 'link'
        ? value.replace(/<([^>]*)>/g, (_, url: string) => `<${rewrite(url, origins, own, 0) as string}>`)
        : (rewrite(value, origins, own, 0) as string);
    if (next === value) continue;
    copy ??= { ...sent };
    copy[name] = next;
  }
  return copy ?? sent;
}

function ownOrigin(headers: IncomingHttpHeaders): string | undefined {
  const host = headers.host ?? headers[':authority'];
  if (typeof host !== 'string' || host === '') return undefined;
  const proto = headers['x-forwarded-proto'];
  return `${typeof proto === 'string' && /^https?$/.test(proto) ? proto : 'http'}://${host}`;
}

/** Whether an answer with the document's own links fits its schema: judged once per answer, as built answers are shared. */
function documentLinksFit(body: object, schema: JsonSchema): boolean {
  let known = DOCUMENT_LINKS_FIT.get(body);
  if (known === undefined || known.schema !== schema) {
    known = { schema, fits: compiledDocumentCheck(schema, schema.__bundled__)(body).length === 0 };
    DOCUMENT_LINKS_FIT.set(body, known);
  }
  return known.fits;
}

const DOCUMENT_LINKS_FIT = new WeakMap<object, { readonly schema: JsonSchema; readonly fits: boolean }>();
const UNLINKED = new WeakSet<object>();
const ORIGINS = new WeakMap<MockOperation, readonly string[]>();
const MAX_DEPTH = 32;

function originsOf(operation: MockOperation): readonly string[] {
  let origins = ORIGINS.get(operation);
  if (!origins) {
    const found = new Set<string>();
    for (const server of operation.servers ?? []) {
      const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => String(server.variables?.[name]?.default ?? ''));
      const origin = /^(https?:\/\/[^/?#]+)/i.exec(url)?.[1];
      if (origin && !isLoopback(origin)) found.add(origin);
    }
    origins = [...found];
    ORIGINS.set(operation, origins);
  }
  return origins;
}

function isLoopback(origin: string): boolean {
  const host = origin.replace(/^https?:\/\//i, '').replace(/:\d+$/, '');
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}

/** The value with each string that starts with a server origin pointed at the mock; the same value when none does. */
function rewrite(value: unknown, origins: readonly string[], own: string, depth: number): unknown {
  if (typeof value === 'string') {
    for (const origin of origins) {
      if (value.length >= origin.length && value.slice(0, origin.length).toLowerCase() === origin.toLowerCase()) {
        const rest = value.slice(origin.length);
        if (rest === '' || '/?#'.includes(rest[0] as string)) return own + rest;
      }
    }
    return value;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => rewrite(item, origins, own, depth + 1));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = rewrite(item, origins, own, depth + 1);
    if (next === item) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    copy[key] = next;
  }
  return copy ?? value;
}
