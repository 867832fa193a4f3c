import { documentRegExp, patternCheck } from '../document/linear-regexp.js';
import { isJsonObject } from '../json/json-object.js';
import { resolveFragment } from '../json/json-pointer.js';
import type { JsonSchema } from '../json/json-schema.js';
import type { MockOperation } from '../openapi/operation.js';

/** How a member holds a URI of the resource: its path on the service, the URL of that path, or null (a page that is not there). */
type Kind = 'path' | 'url' | 'null';
type Members = readonly (readonly [string, Kind, { test(input: string): boolean } | undefined])[];

/** Where an answer holds URIs of its resource (Twilio's `uri`, `first_page_uri`, Stripe's list `url`), planned once per schema. */
interface Plan {
  /** Top-level members that are the resource's own URI. */
  readonly own: Members;
  /** Arrays of records whose members are each record's URI, and the member holding the record's id. */
  readonly lists: readonly { readonly key: string; readonly uris: Members; readonly id: string }[];
}

const NONE: Plan = { own: [], lists: [] };
const PLANS = new WeakMap<JsonSchema, Plan>();

/**
 * URIs of the resource answered name a path the mock answers, not a made-up host: the request's own
 * path (the operation's path with the request's parameters, under its first server's base path) for the
 * answer's own, that path with each record's id for the records of a list (Twilio's
 * `"uri": "/2010-04-01/Accounts/AC…/Calls/CA….json"`), as a path where the document says they are
 * relative, else as a URL of its first server (which withOwnAddress then points at the mock); no next or
 * previous page where the schema allows null. A copy; the same body where the schema has none.
 */
export function withRelativeUris(
  body: unknown,
  schema: JsonSchema | undefined,
  params: Readonly<Record<string, string>>,
  operation: MockOperation,
): unknown {
  if (!schema || !isJsonObject(body)) return body;
  const plan = planOf(schema);
  if (plan === NONE) return body;
  const server = serverUrl(operation.servers[0]?.url ?? '/');
  const origin = server.origin === 'http://mock.invalid' ? undefined : server.origin;
  const path = `${server.pathname.replace(/\/$/, '')}${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name))}`;
  const copy: Record<string, unknown> = { ...body };
  place(copy, plan.own, path, origin);
  const dot = path.lastIndexOf('.');
  const [stem, extension] = dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
  for (const { key, uris, id } of plan.lists) {
    const records = copy[key];
    if (!Array.isArray(records)) continue;
    copy[key] = records.map((record) => {
      if (!isJsonObject(record) || typeof record[id] !== 'string') return record;
      const next = { ...record };
      place(next, uris, `${stem}/${encodeURIComponent(record[id])}${extension}`, origin);
      return next;
    });
  }
  return copy;
}

/**
 * The server's URL, resolved against a stand-in origin; one URL cannot parse (a variable left in its
 * port, `https://api.example.com:{port}/v1`, that the document declares no value for) gives its path alone.
 */
function serverUrl(url: string): URL {
  try {
    return new URL(url, 'http://mock.invalid');
  } catch {
    const path = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] ?? '';
    return new URL(`/${path.replace(/^\/+/, '')}`, 'http://mock.invalid');
  }
}

function place(target: Record<string, unknown>, members: Members, path: string, origin: string | undefined): void {
  for (const [name, kind, pattern] of members) {
    const value = kind === 'null' ? null : kind === 'path' ? path : origin === undefined ? undefined : `${origin}${path}`;
    if (value !== undefined && (value === null || pattern === undefined || pattern.test(value))) target[name] = value;
  }
}

function planOf(schema: JsonSchema): Plan {
  let plan = PLANS.get(schema);
  if (plan === undefined) {
    const properties = propertiesOf(schema, schema);
    const own = uriMembers(properties);
    const lists = Object.entries(properties).flatMap(([key, property]) => {
      const items = isJsonObject(property.items) ? followed(property.items as JsonSchema, schema) : undefined;
      const members = items === undefined ? {} : propertiesOf(items, schema);
      const uris = uriMembers(members).filter(([, kind]) => kind !== 'null');
      const id = ['sid', 'id'].find((name) => members[name] !== undefined);
      return uris.length > 0 && id !== undefined ? [{ key, uris, id }] : [];
    });
    plan = own.length === 0 && lists.length === 0 ? NONE : { own, lists };
    PLANS.set(schema, plan);
  }
  return plan;
}

/** The members named `uri`, `url` or `first_page_uri` (and `next_`, `previous_`) that are plain strings the resource's URI fits. */
function uriMembers(properties: Record<string, JsonSchema>): Members {
  return Object.entries(properties).flatMap(([name, property]): Members => {
    if (!/^(uri|url|(first|last|next|previous|prev)_page_uri)$/i.test(name) || property.enum !== undefined || property.const !== undefined)
      return [];
    const types = [property.type].flat();
    if (property.type !== undefined && !types.includes('string')) return [];
    const nullable = property.nullable === true || types.includes('null');
    if (/^(next|previous|prev)_/i.test(name)) return nullable ? [[name, 'null', undefined]] : [];
    // The path holds the client's own parameters: the pattern runs on the linear engine, as in requests,
    // and a member whose pattern that engine cannot judge surely is left as generated.
    let pattern: { test(input: string): boolean } | undefined;
    if (typeof property.pattern === 'string') {
      const check = patternCheck(property.pattern);
      if (check !== 'linear' && check !== 'native') return [];
      pattern = documentRegExp(property.pattern, 'u');
    }
    const example = property.example;
    const relative =
      /\brelative\b/i.test(String(property.description ?? '')) ||
      (typeof example === 'string' && example.startsWith('/')) ||
      String(property.pattern ?? '').startsWith('^/');
    // A `url` may be anything (a webhook's target): only where the document says it is the service's own.
    if (property.format === 'uri' || property.format === 'url') return relative || !/^url$/i.test(name) ? [[name, 'url', pattern]] : [];
    if (property.format !== undefined && property.format !== 'uri-reference') return [];
    return relative ? [[name, 'path', pattern]] : [];
  });
}

function propertiesOf(schema: JsonSchema, root: JsonSchema): Record<string, JsonSchema> {
  const own = isJsonObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  return Object.fromEntries(Object.entries(own).map(([name, property]) => [name, followed(property, root)]));
}

function followed(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let at: unknown = schema;
  for (let hops = 0; hops < 8 && isJsonObject(at) && typeof at.$ref === 'string'; hops++) at = resolveFragment(root, at.$ref);
  return isJsonObject(at) ? (at as JsonSchema) : schema;
}
