import type { JsonSchema } from '../json/json-schema.js';
import type { MockExtensions } from '../mock-extensions.js';

/** A `servers` entry of the operation (Swagger 2.0's scheme, host and basePath as one URL). */
export interface MockServerUrl {
  readonly url: string;
  readonly variables?: Readonly<Record<string, { readonly default?: unknown; readonly enum?: readonly unknown[] }>>;
}

export interface MockExample {
  readonly name: string;
  readonly value: unknown;
}

export interface MockContent {
  readonly mediaType: string;
  readonly schema: JsonSchema | undefined;
  readonly examples: readonly MockExample[];
  /** OpenAPI 3.2 `itemSchema`: each item of a sequential media type (a stream) fits it. */
  readonly itemSchema?: JsonSchema;
  /** The check of its examples against the schema, made on first call (see example-check.ts). */
  readonly verdict?: () => ContentVerdict;
}

/** What checking a content's examples found. */
export interface ContentVerdict {
  /** The media-type examples that break the schema, by name, with what is wrong. */
  readonly invalid: ReadonlyMap<string, string>;
  /** The schema without the `example`, `examples` and `default` words that break their own schema: what answers are built from. */
  readonly schema: JsonSchema | undefined;
}

/** A header the document defines: of a response, or a header parameter of a callback's request. */
export interface MockHeader {
  /** As written in the document; HTTP compares header names case-insensitively. */
  readonly name: string;
  readonly required: boolean;
  readonly schema: JsonSchema | undefined;
  /** The header's `example` (named `__default`) and `examples`, in the document's order. */
  readonly examples: readonly MockExample[];
  /** The check of its examples and schema words, made on first call (see example-check.ts). */
  readonly verdict?: () => ContentVerdict;
}

/** A query parameter of a request the mock sends: its value and how it is written in the URL. */
export interface MockQueryParameter extends MockHeader {
  /** `form` (the default), `spaceDelimited`, `pipeDelimited` or `deepObject`. */
  readonly style?: string;
  /** Whether an array or object is written as one pair per item (the default for `form`). */
  readonly explode?: boolean;
}

/** A request parameter the document declares: what its examples and defaults are checked against. */
export interface MockParameter {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly name: string;
  /** Whether a request must carry it (what tells apart operations of one path, see operation-twins.ts). */
  readonly required?: boolean;
  readonly schema: JsonSchema | undefined;
  /** The parameter's `example` (named `default`) and `examples`, in the document's order. */
  readonly examples: readonly MockExample[];
  /** The check of its examples and schema words, made on first call (see request-example-check.ts). */
  readonly verdict?: () => ContentVerdict;
}

export interface MockResponseSpec {
  /** As written in the document: `200`, `2XX` or `default`. */
  readonly code: string;
  readonly contents: readonly MockContent[];
  readonly headers: readonly MockHeader[];
}

/** Opaque handle the validation engine keeps per operation; only src/prism reads it. */
export interface EngineHandle {
  readonly __engineHandle: true;
}

/**
 * A request the API itself sends, as the document describes it: a callback of an operation, or a
 * webhook (OpenAPI 3.1 top-level `webhooks`).
 */
export interface MockCallback {
  /** The callback's name (its key under `callbacks`), or the webhook's. */
  readonly name: string;
  /** A callback's key: where it is sent, a template of runtime expressions; undefined for a webhook. */
  readonly url: string | undefined;
  /** Upper-case HTTP method. */
  readonly method: string;
  /** Its `in: header` parameters: what the request carries besides its body. */
  readonly headers: readonly MockHeader[];
  /** Its `in: query` parameters, with how each is written (OpenAPI's `style` and `explode`). */
  readonly query?: readonly MockQueryParameter[];
  /** Its `in: cookie` parameters, sent in one `Cookie` header. */
  readonly cookies?: readonly MockHeader[];
  readonly requestBody: { readonly required: boolean; readonly contents: readonly MockContent[] } | undefined;
  /** The answers the consumer may give. */
  readonly responses: readonly MockResponseSpec[];
  readonly engine: EngineHandle;
}

/** One operation of the document, compiled once at start-up. */
export interface MockOperation {
  /** The operationId, or `METHOD path` when the document gives none. */
  readonly id: string;
  /** Upper-case HTTP method. */
  readonly method: string;
  /** Path template as written in the document, e.g. `/plants/{id}`. */
  readonly path: string;
  /** The servers the operation is reached at, as the document lists them (empty when it lists none). */
  readonly servers: readonly MockServerUrl[];
  readonly requestBody: { readonly required: boolean; readonly contents: readonly MockContent[] } | undefined;
  /** The path, query, header and cookie parameters it declares (its path item's included). */
  readonly parameters?: readonly MockParameter[];
  readonly responses: readonly MockResponseSpec[];
  /** Whether any security requirement applies (and so the security stage has work to do). */
  readonly secured: boolean;
  /** Whether one of the accepted security schemes is HTTP bearer. */
  readonly acceptsBearer: boolean;
  /** HTTP authentication schemes accepted (`Bearer`, `Basic`), for the WWW-Authenticate challenge. */
  readonly challengeSchemes: readonly string[];
  /** The API keys its security schemes name (`apiKey`), where they travel: masked wherever requests are stored. */
  readonly apiKeys: readonly { readonly in: 'header' | 'query' | 'cookie'; readonly name: string }[];
  /**
   * The HTTP scheme of the credential a required `Authorization` parameter stands for, on an operation
   * with no security requirement of its own (`Token`, `Bearer`): the value `--token` holds to the list.
   */
  readonly authorizationScheme?: string;
  /** How to send credentials, for the 401 message: `send "Authorization: Bearer <token>"`. */
  readonly credentialHint: string;
  /** The callbacks the API sends after answering the operation (none when the document documents none). */
  readonly callbacks?: readonly MockCallback[];
  /** `x-mock-delay` and `x-mock-validate`, known as the document is listed. */
  readonly mockExtensions: MockExtensions;
  readonly engine: EngineHandle;
}
