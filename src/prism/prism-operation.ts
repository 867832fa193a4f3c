/** Prism's form of an operation, as its reader gives it, and the handle the adapter keeps per operation. */
import type { QuerystringParameter } from '../document/oas32.js';
import type { QueryDialects } from '../document/query-dialects.js';
import type { JsonSchema } from '../json/json-schema.js';
import type { EngineHandle, MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';
import type { DirectBodyCheck } from './direct-body-check.js';
import type { ObjectQueryCheck } from './exploded-object-query.js';
import type { FormBodyCheck } from './form-body.js';
import type { JsonPartsCheck } from './multipart-json-parts.js';

export interface PrismContent {
  mediaType: string;
  schema?: JsonSchema;
  examples?: { key: string; value?: unknown }[];
  /** Copied from the document by load-operations.ts (Prism's transformers drop it). */
  itemSchema?: JsonSchema;
}
export interface PrismHeader {
  name: string;
  required?: boolean;
  schema?: JsonSchema;
  examples?: { key: string; value?: unknown }[];
  style?: string;
  explode?: boolean;
}
export interface PrismOperation {
  method: string;
  path: string;
  iid?: string;
  request?: {
    body?: { required?: boolean; contents?: PrismContent[] };
    headers?: PrismHeader[];
    query?: unknown[];
    path?: unknown[];
    cookie?: unknown[];
  };
  responses: { code: string; contents?: PrismContent[]; headers?: PrismHeader[] }[];
  servers?: { url: string; variables?: Record<string, { default?: unknown; enum?: unknown[] }> }[];
  security?: PrismSecurityScheme[][];
  /** The operation's callbacks, each in the form of an operation, its key (the callback's name) added. */
  callbacks?: (PrismOperation & { key?: string })[];
  /** OpenAPI 3.2's `in: querystring` parameter, which Prism does not know (see oas32.ts). */
  querystring?: QuerystringParameter;
  /** The operation's `x-` fields. */
  extensions?: Record<string, unknown>;
  /** Schemas Prism's bundler moved out of cycles, referenced as `#/__bundled__/…` from the operation's schemas. */
  __bundled__?: Record<string, unknown>;
}
export interface PrismSecurityScheme {
  id?: string;
  type: string;
  /** An `http` scheme's name; on the API key a required Authorization parameter stands for, the scheme its value takes. */
  scheme?: string;
  name?: string;
  in?: string;
}
export interface PrismRequest {
  method: string;
  url: { path: string; query: Record<string, string | string[] | undefined> };
  /** The path parameters as the router read them (decoded), by the operation's names. */
  pathParams?: Readonly<Record<string, string>>;
  headers: Record<string, string | undefined>;
  body: unknown;
}
export interface Handle extends EngineHandle {
  readonly prism: PrismOperation;
  /** What Prism's input validator is given: the operation less what the mock checks apart (exploded object query parameters). */
  readonly validated: PrismOperation;
  /** The same without path parameters, which the mock checks apart. */
  readonly withoutPath: PrismOperation;
  /** The check of the query parameters Prism reads wrongly: exploded objects (exploded-object-query.ts), case twins (case-twin-query.ts). */
  readonly objectQuery: ObjectQueryCheck | undefined;
  /** Whether the operation declares header parameters, so Prism needs every request header. */
  readonly readsHeaders: boolean;
  /** The query's arrays and objects spelled in clients' dialects, rewritten in the document's style (query-dialects.ts). */
  readonly queryDialects: QueryDialects | undefined;
  /** The cookie parameters the operation declares (Prism itself checks none). */
  readonly cookies: readonly unknown[] | undefined;
  readonly direct: DirectBodyCheck | undefined;
  /** The check of multipart parts the document encodes as JSON, which Prism takes as text. */
  readonly jsonParts: JsonPartsCheck | undefined;
  /** The check of a form body read per its properties' styles, which Prism reads wrongly (form-body.ts). */
  readonly formBody: FormBodyCheck | undefined;
  /** Prism's verdict on any well-formed bearer token, when it cannot depend on the token or other headers. */
  readonly bearerVerdict: readonly Finding[] | undefined;
  /** Prism's verdict on a request without an Authorization header, under the same condition. */
  readonly anonymousVerdict: readonly Finding[] | undefined;
}

export interface CallbackHandle extends EngineHandle {
  readonly prism: PrismOperation;
}

/**
 * What Prism's security check reads of a request: headers (bearer already normalised) and query; and
 * whether its connection presented a client certificate the server verified (`--client-ca`).
 */
export type SecurityRequest = Pick<PrismRequest, 'headers' | 'url'> & { readonly clientCertified?: boolean };

export function prismOf(operation: MockOperation): PrismOperation {
  return (operation.engine as Handle).prism;
}
