import { createRequire } from 'node:module';
import { headerObject, type TrafficExchange } from './traffic.js';

const load = createRequire(import.meta.url);

// What is read of the parser's objects (its shipped types are incomplete and not named by its manifest).
interface PmList<T> {
  all(): T[];
}
interface PmField {
  readonly key?: string;
  readonly value?: unknown;
  readonly disabled?: boolean;
}
interface PmBody {
  readonly mode?: string;
  readonly raw?: string;
  readonly disabled?: boolean;
  readonly options?: unknown;
  readonly urlencoded: PmList<PmField>;
  readonly graphql?: unknown;
}
interface Request {
  readonly method?: string;
  readonly url: { getPath(): string; getQueryString(): string };
  readonly headers: PmList<PmField>;
  readonly body?: PmBody;
}
interface Response {
  readonly name?: string;
  readonly code: number;
  readonly body?: string;
  readonly headers: PmList<PmField>;
  readonly originalRequest?: Request;
}
interface RequestAuth {
  readonly type?: string;
  parameters(): { get(key: string): unknown } | undefined;
}
interface Item {
  readonly name?: string;
  readonly request: Request;
  readonly responses: PmList<Response>;
  getAuth(): RequestAuth | undefined;
}
interface VariableList {
  replace(text: string): string;
}
interface CollectionType {
  readonly variables: VariableList;
  forEachItem(each: (item: Item) => void): void;
}

/** The schema URLs of the versions read: v2.0.0 and v2.1.0. */
const VERSIONS = /\/collection\/v2\.[01]\.0\/collection\.json$/;

/**
 * The requests of a Postman Collection v2.0/v2.1, read by the postman-collection parser: each saved
 * example response an exchange of its own (its original request, else the item's), and a request
 * without one an exchange the mock answers. Collection variables are filled in; inherited auth is
 * sent as Postman would send it. A one-line reason when the value is no such collection.
 */
export function postmanTraffic(value: unknown): TrafficExchange[] | string {
  const info = (value as { info?: { schema?: unknown } }).info;
  const schema = info?.schema;
  if (typeof schema !== 'string' || !VERSIONS.test(schema))
    return `not a Postman Collection v2.0 or v2.1: its info.schema is ${JSON.stringify(schema ?? null).slice(0, 120)}`;
  const { Collection } = load('postman-collection') as { Collection: new (definition: unknown) => CollectionType };
  let collection: CollectionType;
  try {
    collection = new Collection(value);
  } catch (error) {
    return `not a readable Postman collection: ${String((error as Error).message).split('\n')[0]}`;
  }
  const out: TrafficExchange[] = [];
  try {
    collection.forEachItem((item: Item) => {
      const auth = item.getAuth();
      const responses = item.responses.all();
      if (responses.length === 0) out.push(requestOf(item.request, auth, collection.variables, `item "${item.name}"`));
      for (const response of responses) {
        const request = response.originalRequest ?? item.request;
        const exchange = requestOf(request, auth, collection.variables, `item "${item.name}", example "${response.name}"`);
        const code = response.code;
        if (!Number.isInteger(code) || code < 100 || code > 599) {
          out.push({ ...exchange, unusable: `the saved example has no status code (${JSON.stringify(code ?? null)})` });
          continue;
        }
        const headers = headerObject(response.headers.all().map((h) => ({ name: h.key ?? '', value: String(h.value ?? '') })));
        out.push({ ...exchange, answer: { status: code, headers, body: response.body ?? '' } });
      }
    });
  } catch (error) {
    // The parser takes what it is given and fails later on what a collection must hold.
    return `not a readable Postman collection: ${String((error as Error).message).split('\n')[0]}`;
  }
  return out;
}

function requestOf(request: Request, auth: RequestAuth | undefined, variables: VariableList, where: string): TrafficExchange {
  const fill = (text: string) => variables.replace(text);
  const path = fill(request.url.getPath());
  const query = fill(request.url.getQueryString());
  const headers = headerObject(
    request.headers
      .all()
      .filter((h) => h.disabled !== true)
      .map((h) => ({ name: h.key ?? '', value: fill(String(h.value ?? '')) })),
  );
  const body = bodyOf(request, headers, fill);
  const method = (request.method ?? 'GET').toUpperCase();
  return {
    label: `${method} ${path}${query === '' ? '' : `?${query}`} (${where})`,
    method,
    path,
    query,
    headers: withAuth(headers, auth, fill),
    body,
  };
}

function bodyOf(request: Request, headers: Record<string, string>, fill: (text: string) => string): Buffer | undefined {
  const body = request.body;
  if (body === undefined || body.disabled === true) return undefined;
  switch (body.mode) {
    case 'raw': {
      const language = (body.options as { raw?: { language?: string } } | undefined)?.raw?.language;
      if (headers['content-type'] === undefined && language === 'json') headers['content-type'] = 'application/json';
      return body.raw === undefined || body.raw === '' ? undefined : Buffer.from(fill(body.raw), 'utf8');
    }
    case 'urlencoded': {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      const fields = body.urlencoded.all().filter((f) => f.disabled !== true);
      return Buffer.from(
        new URLSearchParams(fields.map((f): [string, string] => [fill(f.key ?? ''), fill(String(f.value ?? ''))])).toString(),
        'utf8',
      );
    }
    case 'graphql': {
      headers['content-type'] ??= 'application/json';
      const graphql = body.graphql as { query?: string; variables?: string } | undefined;
      return Buffer.from(JSON.stringify({ query: graphql?.query ?? '', variables: parseOr(graphql?.variables) }), 'utf8');
    }
    default:
      return undefined;
  }
}

/** Credentials as Postman sends them (bearer, basic, an API key in a header or the query is left to the query). */
function withAuth(headers: Record<string, string>, auth: RequestAuth | undefined, fill: (text: string) => string): Record<string, string> {
  if (auth === undefined || headers.authorization !== undefined) return headers;
  const parameters = auth.parameters();
  const get = (key: string) => fill(String(parameters?.get(key) ?? ''));
  switch (auth.type) {
    case 'bearer':
      return { ...headers, authorization: `Bearer ${get('token')}` };
    case 'basic':
      return { ...headers, authorization: `Basic ${Buffer.from(`${get('username')}:${get('password')}`).toString('base64')}` };
    case 'apikey':
      return get('in') === 'query' ? headers : { ...headers, [get('key').toLowerCase() || 'x-api-key']: get('value') };
    default:
      return headers;
  }
}

function parseOr(text: string | undefined): unknown {
  try {
    return text === undefined || text === '' ? {} : JSON.parse(text);
  } catch {
    return {};
  }
}
