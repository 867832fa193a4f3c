/** The data the corpus harness passes around: documents, operations, requests, answers and violations. */

/** A JSON Schema as Prism's loader leaves it (OpenAPI keywords already turned into JSON Schema). */
export type Schema = { readonly [key: string]: unknown };

export interface PrismParameter {
  readonly name: string;
  readonly required?: boolean;
  readonly style?: string;
  readonly explode?: boolean;
  readonly schema?: Schema;
  readonly examples?: readonly { readonly value?: unknown }[];
}
export interface PrismContent {
  readonly mediaType: string;
  readonly schema?: Schema;
  readonly examples?: readonly { readonly key: string; readonly value?: unknown }[];
}
export interface PrismResponse {
  readonly code: string;
  readonly contents?: readonly PrismContent[];
  readonly headers?: readonly PrismParameter[];
}
export interface PrismSecurityScheme {
  readonly type: string;
  readonly scheme?: string;
  readonly name?: string;
  readonly in?: string;
}
/** Prism's operation (`@stoplight/prism-http`'s getHttpOperationsFromSpec), as its validateOutput needs it. */
export interface PrismOperation {
  readonly method: string;
  readonly path: string;
  readonly iid?: string;
  readonly request?: {
    readonly body?: { readonly required?: boolean; readonly contents?: readonly PrismContent[] };
    readonly path?: readonly PrismParameter[];
    readonly query?: readonly PrismParameter[];
    readonly headers?: readonly PrismParameter[];
    readonly cookie?: readonly PrismParameter[];
  };
  readonly responses: readonly PrismResponse[];
  readonly security?: readonly (readonly PrismSecurityScheme[])[];
}

/** A request the fixture itself spells out (`x-corpus-cases` on an operation), with what it must get. */
export interface FixtureCase {
  readonly name: string;
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly failure?: Failure;
  /** Answered by the mock itself, not by the operation (a CORS preflight): only the expectations apply. */
  readonly outsideDocument?: boolean;
  readonly expect?: {
    readonly status?: number;
    readonly contentType?: string;
    readonly bodyIncludes?: string;
    readonly bodyExcludes?: string;
    readonly bodyEquals?: string;
    /** Header values; `true` only asks for presence. */
    readonly headers?: Readonly<Record<string, string | true>>;
  };
}

export interface CorpusOperation {
  /** `METHOD /path`, the name used in tests and in the known-gaps table. */
  readonly name: string;
  readonly prism: PrismOperation;
  readonly cases: readonly FixtureCase[];
}
export interface CorpusDocument {
  /** File name without extension, e.g. `oai-petstore`. */
  readonly name: string;
  readonly file: string;
  readonly operations: readonly CorpusOperation[];
}

/** Why a request must be rejected; decides which documented response fits (issue item 13.3). */
export type Failure = 'validation' | 'credentials' | 'content-type' | 'negotiation';

export type RequestKind =
  | 'valid'
  | 'head'
  | 'forced-status'
  | 'dynamic'
  | 'missing-body-field'
  | 'wrong-type'
  | 'no-credentials'
  | 'wrong-content-type'
  | 'unacceptable-accept'
  | `case: ${string}`;

export interface CorpusRequest {
  readonly kind: RequestKind;
  /** Set for a request that must be rejected. */
  readonly failure?: Failure;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload?: string;
  readonly outsideDocument?: boolean;
  /** For `forced-status`: the status asked for. */
  readonly forcedStatus?: number;
  readonly expect?: FixtureCase['expect'];
}

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  readonly body: string;
}

export type Rule =
  | 'no-5xx'
  | 'no-leak'
  | 'status-documented'
  | 'status-for-failure'
  | 'document-response-used'
  | 'media-type'
  | 'output-valid'
  | 'required-headers'
  | 'expectation'
  /** The harness could not check the answer (a bug of the harness or of Prism's validator). */
  | 'harness';

export interface Violation {
  readonly document: string;
  readonly operation: string;
  readonly kind: RequestKind;
  readonly request: string;
  readonly rule: Rule;
  readonly detail: string;
}
