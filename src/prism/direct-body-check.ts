/**
 * Prism's validateInput, for the request a mock sees most, without the layers around its schema check.
 * For an operation with no header, query or path parameters and a truthy JSON body, validateInput
 * comes down to: pick the content that matches the Content-Type, normalise its schema (merge allOf,
 * strip readOnly) and run Ajv on the body. Its fp-ts plumbing, MIME parsing and content lookup cost
 * several times the schema check itself, per request. Here that lookup is done once per distinct
 * Content-Type header with Prism's own functions, and each request runs Prism's own schema check
 * (same compiled validator, same diagnostics). Anything else goes through validateInput as before.
 *
 * Even that schema check wraps the validator in fp-ts Options and two regular expressions per call, so
 * the validator Prism compiles (seen being made on the first body of each Content-Type) is kept and
 * run directly: a body it accepts needs nothing more, and the errors of one it rejects go through Prism's
 * own conversion into diagnostics.
 */
import type { JsonSchema } from '../json/json-schema.js';
import { shapeOf } from './ajv-error-shape.js';
import { withoutAllOf } from './merge-all-of.js';
import {
  captureCompiled,
  convertAjvErrors,
  DiagnosticSeverity,
  findContentByMediaTypeOrFirst,
  type PrismContent,
  type PrismDiagnostic,
  parseMIMEHeader,
  stripReadOnlyProperties,
  typeIs,
  ValidationContext,
  validateAgainstSchema,
  wildcardMediaTypeMatch,
} from './prism-internals.js';

/** Content-Type headers remembered per operation; a client inventing more just takes the full path. */
const MAX_REMEMBERED_CONTENT_TYPES = 64;
/** Ways of breaking one content's schema remembered; a client inventing more has its errors converted each time. */
const MAX_REMEMBERED_REJECTIONS = 32;
/**
 * Characters of remembered rejections (their keys and messages) per operation, over all its
 * Content-Types: a key may be 4 KiB of a client's property names, and 64 Content-Types of 32 such
 * rejections each kept over 16 million characters in the process-wide document cache.
 */
const MAX_REMEMBERED_CHARACTERS = 64 * 1024;
/** What a body the schema accepts is found to break. */
const NONE: readonly PrismDiagnostic[] = Object.freeze([]);

/** What the check needs of a Prism operation. */
export interface DirectCheckOperation {
  readonly request?: { readonly body?: { readonly contents?: readonly PrismContent[] }; readonly [list: string]: unknown };
  readonly __bundled__?: unknown;
}

/**
 * The body's diagnostics (empty when valid), or undefined when this request needs the full validateInput.
 * A list of diagnostics that is frozen is remembered: the same list for every body that breaks the
 * schema the same way (see rejectionOf).
 */
export type DirectBodyCheck = (contentType: string, body: unknown) => readonly PrismDiagnostic[] | undefined;

export function createDirectBodyCheck(operation: DirectCheckOperation): DirectBodyCheck | undefined {
  const request = operation.request;
  const contents = request?.body?.contents;
  if (!request || !contents || ['headers', 'query', 'path'].some((list) => request[list] !== undefined)) return undefined;
  const bundle = operation.__bundled__;
  // null: this Content-Type needs the full path (415, form bodies, unparsable header).
  const schemas = new Map<string, Resolved | null>();
  // One per content, however many Content-Type headers name it: each normalised schema is compiled once.
  const byContent = new Map<unknown, Resolved>();
  const budget: Budget = { characters: MAX_REMEMBERED_CHARACTERS };
  return (contentType, body) => {
    // validateInput reports a required body for any falsy one (0, false, "", null).
    if (!body) return undefined;
    let resolved = schemas.get(contentType);
    if (resolved === undefined) {
      resolved = resolve(contents, contentType, bundle, byContent);
      if (schemas.size < MAX_REMEMBERED_CONTENT_TYPES) schemas.set(contentType, resolved);
    }
    if (resolved === null) return undefined;
    if (!resolved.schema) return NONE;
    const errors = resolved.validate === undefined ? undefined : errorsWithoutThrowing(resolved.validate, body);
    if (errors !== undefined) return errors.length > 0 ? rejectionOf(resolved.rejections, errors, budget) : NONE;
    const result = validateAgainstSchema(body, resolved.schema, false, ValidationContext.Input, 'body', bundle);
    return result._tag === 'Some' ? result.value : NONE;
  };
}

/** An Ajv validate function: its `errors` are those of its last call. */
export interface CompiledValidator {
  (value: unknown): boolean;
  readonly errors?: readonly unknown[] | null;
}

interface Resolved {
  readonly schema: JsonSchema | undefined;
  /** Prism's own compiled validator of `schema`, when it could be seen being made. */
  readonly validate: CompiledValidator | undefined;
  /** The diagnostics of rejected bodies, by the shape of their errors (shapeOf). */
  readonly rejections: Map<string, readonly PrismDiagnostic[]>;
}

/** What is left of an operation's MAX_REMEMBERED_CHARACTERS. */
interface Budget {
  characters: number;
}

/**
 * The diagnostics of a rejected body, converted once per shape of its errors: convertAjvErrors reads
 * of each error only what shapeOf writes down, so errors of one shape convert to equal diagnostics.
 * A remembered list is frozen, diagnostics and paths too: it serves every request of that shape.
 */
function rejectionOf(
  rejections: Map<string, readonly PrismDiagnostic[]>,
  errors: readonly unknown[],
  budget: Budget,
): readonly PrismDiagnostic[] {
  const shape = shapeOf(errors);
  const known = shape === undefined ? undefined : rejections.get(shape);
  if (known !== undefined) return known;
  const diagnostics = convertAjvErrors(errors, DiagnosticSeverity.Error, ValidationContext.Input, 'body');
  if (shape === undefined || rejections.size >= MAX_REMEMBERED_REJECTIONS) return diagnostics;
  const characters = diagnostics.reduce((sum, diagnostic) => sum + diagnostic.message.length, shape.length);
  if (characters > budget.characters) return diagnostics;
  budget.characters -= characters;
  for (const diagnostic of diagnostics) Object.freeze(Object.freeze(diagnostic).path);
  rejections.set(shape, Object.freeze(diagnostics));
  return diagnostics;
}

/**
 * The validator's errors for the body (none when it accepts it), or undefined when it throws, which is
 * left to Prism (it treats that as "no diagnostics"). These are the errors validateAgainstSchema would
 * convert: the same function run on the same body, which a non-coercing validator leaves as it was, so
 * a rejected body is not checked a second time through Prism's plumbing.
 */
function errorsWithoutThrowing(validate: CompiledValidator, body: unknown): readonly unknown[] | undefined {
  try {
    return validate(body) === true ? [] : (validate.errors ?? []);
  } catch {
    return undefined;
  }
}

/**
 * Prism compiles a schema on first use and caches the function; this makes that first use happen here
 * and keeps the function Ajv returns. Anything else (already cached, compiled another way) gives
 * undefined, and every request then takes Prism's own path.
 */
export function prismValidatorOf(schema: JsonSchema, bundle: unknown): CompiledValidator | undefined {
  const compiled = captureCompiled(
    () => validateAgainstSchema({}, schema, false, ValidationContext.Input, 'body', bundle),
    // Prism compiles `{ ...schema, __bundled__: bundle }`: that call, not any other Ajv might make.
    (compiling) => isPrismCopy(compiling, schema, bundle),
  );
  return typeof compiled === 'function' ? (compiled as CompiledValidator) : undefined;
}

function isPrismCopy(compiled: unknown, schema: JsonSchema, bundle: unknown): boolean {
  if (typeof compiled !== 'object' || compiled === null) return false;
  const copy = compiled as Record<string, unknown>;
  return copy.__bundled__ === bundle && Object.entries(schema).every(([key, value]) => copy[key] === value);
}

/** The normalised schema validateInput would check a body of this Content-Type against, as validateInput finds it. */
function resolve(
  contents: readonly PrismContent[],
  contentType: string,
  bundle: unknown,
  byContent: Map<unknown, Resolved>,
): Resolved | null {
  let mediaType: string;
  try {
    mediaType = parseMIMEHeader(contentType)[1];
  } catch {
    return null;
  }
  if (!contents.some((c) => !c.mediaType || wildcardMediaTypeMatch(mediaType, c.mediaType))) return null;
  if (typeIs(mediaType, ['application/x-www-form-urlencoded', 'multipart/form-data'])) return null;
  const found = findContentByMediaTypeOrFirst(contents, mediaType);
  const content = found._tag === 'Some' ? found.value.content : undefined;
  let resolved = byContent.get(content);
  if (resolved === undefined) {
    resolved = resolveContent(content?.schema, bundle);
    byContent.set(content, resolved);
  }
  return resolved;
}

/** The normalised schema of a content and Prism's validator of it, made once per content (see resolve). */
function resolveContent(schema: JsonSchema | undefined, bundle: unknown): Resolved {
  if (!schema) return { schema: undefined, validate: undefined, rejections: new Map() };
  const normalised = stripReadOnlyProperties(withoutAllOf(schema));
  if (normalised._tag === 'None') return { schema: undefined, validate: undefined, rejections: new Map() };
  return { schema: normalised.value, validate: prismValidatorOf(normalised.value, bundle), rejections: new Map() };
}
