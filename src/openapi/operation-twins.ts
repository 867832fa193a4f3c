import type { JsonSchema } from '../json/json-schema.js';
import { essenceOf } from './media-type.js';
import type { MockOperation } from './operation.js';

/**
 * What can tell apart operations that share one path and method once their path keys lose the
 * `#fragment` (AWS's `/#X-Amz-Target=Service.Open`, Azure's `#overload=stream`) or whose templates
 * have one shape under other names (`/files/{AttachmentID}` and `/files/{FileName}`): the fragment's
 * `name` or `name=value` (a header or query parameter the request carries), the request body's media
 * types, the path parameters' schemas, position by position, the query parameters each requires
 * (Google's `/v1/{jobName}?projectId=` beside `/v1/{name}?filter=`) and the request body's schemas.
 */
export interface TwinTraits {
  readonly fragment: { readonly name: string; readonly value: string | undefined } | undefined;
  /** The pairs of the path key's query part (see keyQuery). */
  readonly keyQuery: readonly KeyQueryPair[];
  /** Essences of the request body's media types (`application/json`, `image/*`); empty without a body. */
  readonly mediaTypes: readonly string[];
  /** The path parameters' schemas in the template's order (undefined where the document gives none). */
  readonly pathSchemas: readonly (JsonSchema | undefined)[];
  /** The names of its required query parameters, sorted. */
  readonly requiredQuery: readonly string[];
  /** Its request body schemas by media type, as text (reverb's twins take different JSON bodies). */
  readonly bodySchemas: string;
}

/** The words of a parameter schema that make it accept fewer values than another of the same place. */
const NARROWING = ['type', 'format', 'pattern', 'enum', 'const', 'minLength', 'maxLength', 'minimum', 'maximum'] as const;

/**
 * Where a path key's `#fragment` starts, -1 without one. A `#` followed by more path (`/send/#env/v1/...`,
 * mastercard.com's) is a character of the path, which a request sends as `%23`, not a fragment.
 */
export function fragmentStart(path: string): number {
  const hash = path.indexOf('#');
  return hash === -1 || path.includes('/', hash) ? -1 : hash;
}

/**
 * One `name=value` of a path key's query part (formapi's `/combined_submissions?v=2`, weatherbit's
 * `/current?lat={lat}&lon={lon}`): a query parameter the request carries, with that value, or with
 * any value where it is a `{param}` (then the value of that parameter, which such documents declare
 * `in: path`).
 */
export interface KeyQueryPair {
  readonly name: string;
  /** The literal value; undefined for a `{param}` or a bare name. */
  readonly value: string | undefined;
  readonly param: string | undefined;
}

/** Where a path key's query part starts (its `?`, before any fragment), -1 without one. */
export function queryStart(path: string): number {
  const hash = fragmentStart(path);
  const question = path.indexOf('?');
  return question === -1 || (hash !== -1 && question > hash) ? -1 : question;
}

/** The pairs of a path key's query part, in the key's order; none without one. */
export function keyQuery(path: string): readonly KeyQueryPair[] {
  const start = queryStart(path);
  if (start === -1) return [];
  const hash = fragmentStart(path);
  const text = path.slice(start + 1, hash === -1 ? undefined : hash);
  return text
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodeSafely(equals === -1 ? pair : pair.slice(0, equals));
      const raw = equals === -1 ? undefined : pair.slice(equals + 1);
      const param = raw === undefined ? undefined : /^\{([^{}]+)\}$/.exec(raw)?.[1];
      return { name, value: raw === undefined || param !== undefined ? undefined : decodeSafely(raw), param };
    });
}

export function twinTraits(operation: MockOperation, pathNames: readonly string[]): TwinTraits {
  const hash = fragmentStart(operation.path);
  const text = hash === -1 ? '' : operation.path.slice(hash + 1);
  const pairs = keyQuery(operation.path);
  const equals = text.indexOf('=');
  const fragment =
    text === ''
      ? undefined
      : {
          name: decodeSafely(equals === -1 ? text : text.slice(0, equals)).toLowerCase(),
          value: equals === -1 ? undefined : decodeSafely(text.slice(equals + 1)),
        };
  // The body and parameters are read on first use: reading them makes the operation be read from the
  // document, which twins told apart by their fragments (AWS's hundreds of `/#Action=...`) never need.
  let mediaTypes: readonly string[] | undefined;
  let pathSchemas: readonly (JsonSchema | undefined)[] | undefined;
  let requiredQuery: readonly string[] | undefined;
  let bodySchemas: string | undefined;
  return {
    fragment,
    keyQuery: pairs,
    get mediaTypes() {
      mediaTypes ??= (operation.requestBody?.contents ?? []).map((content) => essenceOf(content.mediaType));
      return mediaTypes;
    },
    get pathSchemas() {
      pathSchemas ??= pathNames.map((name) => operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema);
      return pathSchemas;
    },
    get requiredQuery() {
      requiredQuery ??= (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => p.name)
        .sort();
      return requiredQuery;
    },
    get bodySchemas() {
      bodySchemas ??= JSON.stringify(
        (operation.requestBody?.contents ?? []).map((content) => [essenceOf(content.mediaType), content.schema ?? null]),
      );
      return bodySchemas;
    },
  };
}

/** How narrow a path parameter's schema is: the more of its words, the fewer values it accepts. */
export function narrowness(schema: JsonSchema | undefined): number {
  if (!schema) return 0;
  return NARROWING.filter((word) => schema[word] !== undefined && !(word === 'type' && schema[word] === 'string')).length;
}

/** Whether some request reaches one of two twins and not the other (see TwinTraits). */
export function toldApart(a: TwinTraits, b: TwinTraits): boolean {
  if ((a.fragment || b.fragment) && (a.fragment?.name !== b.fragment?.name || a.fragment?.value !== b.fragment?.value)) return true;
  if (pairsText(a.keyQuery) !== pairsText(b.keyQuery)) return true;
  const sameMedia = a.mediaTypes.length === b.mediaTypes.length && a.mediaTypes.every((type) => b.mediaTypes.includes(type));
  if (!sameMedia) return true;
  if (a.requiredQuery.join('&') !== b.requiredQuery.join('&')) return true;
  if (a.bodySchemas !== b.bodySchemas) return true;
  return a.pathSchemas.some((schema, i) => schemaWords(schema) !== schemaWords(b.pathSchemas[i]));
}

/** A key's query pairs as text, a `{param}` written `{}`: two keys differing only in names match the same requests. */
function pairsText(pairs: readonly KeyQueryPair[]): string {
  return JSON.stringify(pairs.map((pair) => [pair.name, pair.param === undefined ? (pair.value ?? null) : '{}']).sort());
}

function schemaWords(schema: JsonSchema | undefined): string {
  return JSON.stringify(NARROWING.map((word) => schema?.[word] ?? null));
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
