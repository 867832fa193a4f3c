/**
 * Every piece of Stoplight Prism the mock reaches below its public API, in one place. Written against
 * @stoplight/prism-http 5.12.0 (its `dist/` layout and the dependencies it resolves); an upgrade that
 * moves or changes a piece fails when this module loads, with a message naming the piece and what it
 * is used for (prism-internals.test.ts runs it). The rest of src/prism/ imports Prism from here only;
 * ajv-instances.ts tunes the Ajv instances loaded here (handed Ajv's prototype, it loads nothing itself).
 *
 * Why below the public API: the package's entry loads all of prism-http (its HTTP client, the Postman
 * reader) for three validators and a spec reader; the direct body check
 * (direct-body-check.ts) calls the validators' own parts to skip their per-request plumbing.
 *
 * Each piece is loaded by a call of `prism` with a literal specifier: scripts/bundle-cli.mjs rewrites those
 * calls into plain require()s of the files Node would load, so the CLI bundle includes them.
 */
import { createRequire, Module } from 'node:module';
import { type AjvPrototype, captureCompiledBy, throwIfTuningFailed, tuneAjvInstances } from './ajv-instances.js';

/** Resolves as prism-http does: its own files, and its dependencies at the versions it installed. */
const prism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http/dist/validator/index.js'));

export type Option<T> = { readonly _tag: 'None' } | { readonly _tag: 'Some'; readonly value: T };
export type Either<L, R> = { readonly _tag: 'Left'; readonly left: L } | { readonly _tag: 'Right'; readonly right: R };
export interface PrismDiagnostic {
  readonly message: string;
  readonly code?: string | number;
  readonly path?: readonly (string | number)[];
  readonly severity: number;
}
export interface PrismContent {
  readonly mediaType: string;
  readonly schema?: Readonly<Record<string, unknown>>;
}
type Schema = Readonly<Record<string, unknown>>;
type Validator<E> = (arg: { resource: object; element: E }) => Either<PrismDiagnostic[], unknown>;

export { PATTERN_ENGINES } from './ajv-instances.js';

type Kind = 'function' | 'object' | 'number' | 'string';

/** What was loaded, for the test: the pieces named and the use each serves. */
export const PRISM_INTERNALS: { readonly name: string; readonly usedFor: string }[] = [];

/**
 * A loaded module's exports, checked: each named export ('' for module.exports itself) must be of the
 * kind the mock calls it as. `load` is a function so that a module that moved fails here too, with the same kind of message.
 */
export function piece<T>(usedFor: string, expected: Readonly<Record<string, Kind>>, load: () => unknown): T {
  let loaded: unknown;
  try {
    loaded = load();
  } catch (error) {
    throw movedOrChanged(Object.keys(expected).join(', '), usedFor, (error as Error).message.split('\n')[0] ?? '');
  }
  for (const [name, kind] of Object.entries(expected)) {
    const value = name === '' ? loaded : (loaded as Record<string, unknown> | undefined)?.[name];
    const shown = name === '' ? '(module.exports)' : name;
    if (typeof value !== kind) throw movedOrChanged(shown, usedFor, `expected a ${kind}, found ${typeof value}`);
    PRISM_INTERNALS.push({ name: shown, usedFor });
  }
  return loaded as T;
}

function movedOrChanged(name: string, usedFor: string, detail: string): Error {
  return new Error(`@stoplight/prism-http internal ${name} (used for ${usedFor}) moved or changed: ${detail} (written against 5.12.0)`);
}

/** Prism's validators, without the package entry (and so without its HTTP client and mocker). */
export const validators = piece<{
  validateSecurity: Validator<unknown>;
  validateInput: Validator<unknown>;
  validateOutput: Validator<unknown>;
}>(
  'validating requests, credentials and scenario answers',
  { validateSecurity: 'function', validateInput: 'function', validateOutput: 'function' },
  () => prism('@stoplight/prism-http/dist/validator'),
);

/**
 * Prism's path parameter validator: validateInput reads path parameters by matching the request path
 * against the template itself, which fails under a server's base path and where a template's literal
 * text holds a comma; the mock hands it the values its router read instead.
 */
export const { validate: validatePathParams } = piece<{
  validate: (
    target: Readonly<Record<string, string>>,
    specs: readonly unknown[],
    context: number,
    bundle: unknown,
  ) => Either<PrismDiagnostic[], unknown>;
}>('validating path parameters as the router read them', { validate: 'function' }, () =>
  prism('@stoplight/prism-http/dist/validator/validators/path'),
);

/** The parts of validateInput's body check, for the direct body check. */
export const { parseMIMEHeader } = piece<{ parseMIMEHeader: (header: string) => [string | undefined, string] }>(
  "the direct body check's Content-Type parsing",
  { parseMIMEHeader: 'function' },
  () => prism('@stoplight/prism-http/dist/validator/validators/headers'),
);
export const { findContentByMediaTypeOrFirst } = piece<{
  findContentByMediaTypeOrFirst: <C extends PrismContent>(contents: readonly C[], mediaType: string) => Option<{ content: C }>;
}>("the direct body check's content lookup", { findContentByMediaTypeOrFirst: 'function' }, () =>
  prism('@stoplight/prism-http/dist/validator/validators/body'),
);
type SchemaCheck = (
  value: unknown,
  schema: Schema,
  coerce: boolean,
  context: number,
  prefix: string,
  bundle: unknown,
) => Option<PrismDiagnostic[]>;
const schemaCheck = piece<{
  validateAgainstSchema: SchemaCheck;
  /** What validateAgainstSchema makes of a compiled validator's non-empty `errors`. */
  convertAjvErrors: (errors: readonly unknown[], severity: number, context: number, prefix: string) => PrismDiagnostic[];
}>("the direct body check's schema check", { validateAgainstSchema: 'function', convertAjvErrors: 'function' }, () =>
  prism('@stoplight/prism-http/dist/validator/validators/utils'),
);
/**
 * Prism's schema check, loud about a tuning of its Ajv instances that met a move (ajv-instances.ts): its
 * tryCatch would make that "valid". Prism's own validators call it through its module's exports, so they
 * get this one too.
 */
const prismSchemaCheck = schemaCheck.validateAgainstSchema;
schemaCheck.validateAgainstSchema = (value, schema, coerce, context, prefix, bundle) => {
  const found = prismSchemaCheck(value, schema, coerce, context, prefix, bundle);
  throwIfTuningFailed();
  return found;
};
export const { validateAgainstSchema, convertAjvErrors } = schemaCheck;
export const { DiagnosticSeverity } = piece<{ DiagnosticSeverity: { Error: number } }>(
  "the direct body check's diagnostics",
  { DiagnosticSeverity: 'object' },
  () => prism('@stoplight/types'),
);
export const { ValidationContext } = piece<{ ValidationContext: { Input: number; Output: number } }>(
  'telling the schema check whether it checks a request or an answer',
  { ValidationContext: 'object' },
  () => prism('@stoplight/prism-http/dist/validator/validators/types'),
);
export const { wildcardMediaTypeMatch } = piece<{ wildcardMediaTypeMatch: (a: string, b: string) => boolean }>(
  "the direct body check's 415 decision",
  { wildcardMediaTypeMatch: 'function' },
  () => prism('@stoplight/prism-http/dist/validator/utils/wildcardMediaTypeMatch'),
);
export const { stripReadOnlyProperties } = piece<{ stripReadOnlyProperties: (schema: Schema) => Option<Schema> }>(
  "the direct body check's request schema (readOnly stripped)",
  { stripReadOnlyProperties: 'function' },
  () => prism('@stoplight/prism-http/dist/utils/filterRequiredProperties'),
);
/** Prism's allOf merger and media-type matcher, as its body check uses them. */
export const mergeAllOf = piece<(schema: Schema, options: object) => Schema>(
  "the direct body check's allOf merge",
  { '': 'function' },
  () => prism('@stoplight/json-schema-merge-allof'),
);
export const { is: typeIs } = piece<{ is: (mediaType: string, types: string[]) => string | false }>(
  "the direct body check's form media types",
  { is: 'function' },
  () => prism('type-is'),
);

/** The spec reader's parts (see load-operations.ts): http-spec's transformers, the reference parser, bundling. */
type Transform = (document: unknown) => unknown[];
export const { transformOas2Operations } = piece<{ transformOas2Operations: Transform }>(
  'reading OpenAPI 2 documents',
  { transformOas2Operations: 'function' },
  () => prism('@stoplight/http-spec/oas2/operation'),
);
export const { transformOas3Operations } = piece<{ transformOas3Operations: Transform }>(
  'reading OpenAPI 3 documents',
  { transformOas3Operations: 'function' },
  () => prism('@stoplight/http-spec/oas3/operation'),
);
let postman: Transform | undefined;
/**
 * Prism's Postman reader, loaded only when a collection is served: it and postman-collection are ~300
 * modules that a server of an OpenAPI document never needs.
 */
export function postmanOperations(): Transform {
  postman ??= piece<{ transformPostmanCollectionOperations: Transform }>(
    'reading Postman collections',
    { transformPostmanCollectionOperations: 'function' },
    () => prism('@stoplight/http-spec/postman/operation'),
  ).transformPostmanCollectionOperations;
  return postman;
}
/**
 * Prism's reference parser times a remote `$ref` out with the `node-abort-controller` polyfill, whose
 * signal the fetch of Node 22 and later refuses: every remote reference failed to download on Node 24.
 * Node's own classes take the polyfill's place in the module cache before the parser first loads it, as
 * the CLI bundle does where it bundles the parser.
 */
function nativeAbortControllerForRefParser(): void {
  const fromParser = createRequire(prism.resolve('@stoplight/json-schema-ref-parser'));
  let polyfill: string;
  try {
    polyfill = fromParser.resolve('node-abort-controller');
  } catch {
    return; // a version of the parser without the polyfill: nothing to replace
  }
  if (fromParser.cache[polyfill] !== undefined) return;
  const standIn = new Module(polyfill);
  standIn.filename = polyfill;
  standIn.loaded = true;
  standIn.exports = { AbortController, AbortSignal };
  fromParser.cache[polyfill] = standIn;
}
/** Prism's reference parser (a class). */
export type RefParserClass = new () => {
  dereference(path: string, schemaOrOptions: object, options?: object): Promise<unknown>;
  parse(path: string, options: object): Promise<unknown>;
  readonly $refs: { paths(): string[] };
};
let refParserClass: RefParserClass | undefined;
/**
 * Prism's reference parser, loaded when a document is first read with it (one that references other
 * files, or one not parsed already): the Plant Store's start never needs it (nor its YAML reader's modules).
 */
export function refParser(): RefParserClass {
  if (refParserClass === undefined) {
    nativeAbortControllerForRefParser();
    refParserClass = piece<RefParserClass>("dereferencing documents (Prism's reference parser)", { '': 'function' }, () =>
      prism('@stoplight/json-schema-ref-parser'),
    );
  }
  return refParserClass;
}
export const { decycle, bundleTarget, pathToPointer, isPlainObject } = piece<{
  decycle: (value: unknown) => unknown;
  bundleTarget: (options: {
    document: unknown;
    path: string;
    cloneDocument: boolean;
    keyProvider?: (at: { document: unknown; path: readonly string[] }) => string;
  }) => unknown;
  pathToPointer: (path: readonly string[]) => string;
  isPlainObject: (value: unknown) => boolean;
}>(
  'making each operation self-contained',
  { decycle: 'function', bundleTarget: 'function', pathToPointer: 'function', isPlainObject: 'function' },
  () => prism('@stoplight/json'),
);
export const { version: prismVersion } = piece<{ version: string }>('the User-Agent of reference fetches', { version: 'string' }, () =>
  prism('@stoplight/prism-http/package.json'),
);

const AjvCore = piece<{ default: { prototype: AjvPrototype } }>(
  "keeping the validator Prism compiles (Ajv's compile)",
  { default: 'function' },
  () => prism('ajv/dist/core'),
).default;

/** See ajv-instances.ts: runs `run` and returns what the compile of a `wanted` schema made. */
export function captureCompiled(run: () => void, wanted: (schema: unknown) => boolean): unknown {
  return captureCompiledBy(AjvCore.prototype, run, wanted);
}
tuneAjvInstances(AjvCore.prototype, (schema, coerce) => validateAgainstSchema('', schema, coerce, 0, '', undefined), movedOrChanged);

/**
 * Prism's parameter validator and its form-style deserializers: Prism 5.12 validates path, query and
 * header parameters but never cookies, and reads exploded object query parameters wrongly; the mock
 * checks both with the same pieces.
 */
type ParamsValidator = (
  target: Readonly<Record<string, string>>,
  specs: readonly unknown[],
  context: number,
  bundle: unknown,
) => (how: { deserializers: unknown; prefix: string; defaultStyle: string }) => Either<PrismDiagnostic[], unknown>;
export const { validateParams } = piece<{ validateParams: ParamsValidator }>(
  'validating cookie parameters',
  { validateParams: 'function' },
  () => prism('@stoplight/prism-http/dist/validator/validators/params'),
);
type Deserializer = (name: string, values: Readonly<Record<string, unknown>>, schema: unknown, explode: boolean) => unknown;
const deserializers = piece<{ query: object; header: { simple: Deserializer } }>(
  'deserializing cookie and header parameters',
  { query: 'object', header: 'object' },
  () => prism('@stoplight/prism-http/dist/validator/deserializers'),
);
export const formDeserializers = deserializers.query;

/**
 * Prism's simple-style reader splits an array or object header without asking whether it was sent:
 * an optional header parameter of such a type, left out, threw (`reading 'split'`) and every request
 * of the operation answered 500. Guarded where the header validator looks it up, so an absent
 * parameter stays absent (and a required one is reported missing).
 */
function guardAbsentHeaders(): void {
  const simple = deserializers.header.simple;
  if (typeof simple !== 'function') throw movedOrChanged('header.simple', 'reading header parameters', 'not a function');
  if ((simple as { guarded?: true }).guarded) return;
  const guarded: Deserializer & { guarded?: true } = (name, values, schema, explode) =>
    values[name] === undefined ? undefined : simple(name, values, schema, explode);
  guarded.guarded = true;
  deserializers.header.simple = guarded;
}
guardAbsentHeaders();

/**
 * Prism's spaceDelimited reader splits a value at the text `%20`, but the values it is handed are
 * decoded: `?ids=1%202`, the style as OpenAPI spells it, stayed one item `1 2` and was refused. Its own
 * delimited reader is made again with the space itself (query and form bodies share the table).
 */
function splitDecodedSpaces(): void {
  const { createDelimitedDeserializerStyle: delimited } = piece<{ createDelimitedDeserializerStyle: (separator: string) => Deserializer }>(
    'reading spaceDelimited parameters',
    { createDelimitedDeserializerStyle: 'function' },
    () => prism('@stoplight/prism-http/dist/validator/deserializers/style/delimited'),
  );
  const query = deserializers.query as Record<string, unknown>;
  if (typeof query.spaceDelimited !== 'function')
    throw movedOrChanged('query.spaceDelimited', 'reading spaceDelimited parameters', 'not a function');
  query.spaceDelimited = delimited(' ');
}
splitDecodedSpaces();
