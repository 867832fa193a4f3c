/**
 * Prism's Ajv instances, each tuned once (as prism-internals.ts loads, or before its first compile), and the way to take a validator Prism
 * compiled. Part of the adapter's internals: prism-internals.ts loads Prism's pieces and hands this module
 * Ajv's prototype; nothing here loads Prism itself. Written against Prism 5.12.0 (its Ajv 8).
 */
import { documentRegExp } from '../document/linear-regexp.js';

export interface AjvPrototype {
  compile: (...args: unknown[]) => unknown;
}
type Schema = Readonly<Record<string, unknown>>;
/** Compiles a one-off schema the way Prism's schema check does (coercing or not), so an instance shows. */
type CompileOnce = (schema: Schema, coerce: boolean) => void;
type Moved = (name: string, usedFor: string, detail: string) => Error;

/**
 * Prism's Ajv instances (one per JSON Schema draft, coercing or not) are never exposed; each runs the
 * document's `pattern`s on client input. The default draft's two are made when Prism's validators load: a
 * compile in each, with Ajv's `compile` wrapped, hands over the instance. The 2019-09 and 2020-12 drafts'
 * are made when Prism first asks for them in the bundles (scripts/bundle/lazy-ajv-drafts.mjs), at load
 * elsewhere: each is known by the logger Prism gives all of its instances, and tuned as it compiles its
 * first schema. Tuning gives the instance's `code.regExp` option (Ajv's documented way to plug in RE2) the
 * linear engine and skips meta-schema checks, before any document schema is compiled.
 */
type Tuned = (typeof PATTERN_ENGINES)[number];
export const PATTERN_ENGINES: {
  readonly opts: {
    code: { regExp: unknown; optimize?: unknown };
    validateSchema: unknown;
    ownProperties: unknown;
    multipleOfPrecision?: number;
    logger?: unknown;
  };
}[] = [];
const TUNED = new WeakSet<object>();

export function tuneAjvInstances(prototype: AjvPrototype, compileOnce: CompileOnce, reportMove: Moved): void {
  const moved: Moved = (...args) => recordedFailure(reportMove(...args));
  const defaults = [true, false].map((coerce) =>
    // Meta-schema checks are off before the first compile too: compiling a draft's meta-schema was
    // most of what loading the adapter cost.
    captureInstance(
      prototype,
      () => compileOnce({ type: 'string' }, coerce),
      (instance) => tune(instance, moved),
    ),
  );
  const logger = (defaults[0] as Partial<Tuned> | undefined)?.opts?.logger;
  if (logger === undefined || defaults.some((instance) => (instance as Partial<Tuned> | undefined)?.opts?.logger !== logger))
    throw moved("Ajv's opts.logger", "knowing Prism's Ajv instances", 'not one logger');
  // Prism's other instances, tuned before their first compile (the prototype's, looked up on each call:
  // captureCompiledBy wraps it for a moment). Other Ajv instances of this copy of Ajv pass as they were.
  const compile = prototype.compile;
  const redirect = parameterDialects(prototype, compileOnce);
  prototype.compile = function (this: unknown, ...args: unknown[]) {
    if ((this as Partial<Tuned>).opts?.logger !== logger) return compile.apply(this, args);
    if (!TUNED.has(this as object)) tune(this, moved);
    const other = redirect(this as Tuned, args[0]);
    return other === undefined ? compile.apply(this, args) : (other as unknown as AjvPrototype).compile(...args);
  };
}

/**
 * Prism judges a request's (or answer's) parameters of one kind as one object it makes up, `{type:
 * object, properties: {name: schema}, required}`, with no `$schema`: its default draft's instance would
 * judge every parameter, whatever the dialect of the parameters' own schemas. When all of them name
 * another dialect that Prism knows (an OpenAPI 3.1 document's, see schema-dialects.ts), that object is
 * compiled by Prism's instance of that dialect (coercing as the one asked).
 */
function parameterDialects(prototype: AjvPrototype, compileOnce: CompileOnce): (instance: Tuned, schema: unknown) => unknown {
  const instances = new Map<string, unknown>();
  return (instance, schema) => {
    if (!isParameterObject(schema)) return undefined;
    const dialects = new Set(Object.values(schema.properties).map((property) => (property as Schema | undefined)?.$schema));
    const [dialect] = dialects;
    if (dialects.size !== 1 || typeof dialect !== 'string' || !OTHER_DIALECTS.test(dialect)) return undefined;
    const coerce = (instance.opts as { coerceTypes?: unknown }).coerceTypes === true;
    const key = `${dialect} ${coerce}`;
    let other = instances.get(key);
    if (other === undefined) {
      other = captureInstance(prototype, () => compileOnce({ $schema: dialect, type: 'string' }, coerce));
      instances.set(key, other);
    }
    return other === instance ? undefined : other;
  };
}

/** The dialects besides the default draft Prism knows by a schema's `$schema` (validators/utils.js). */
const OTHER_DIALECTS = /^https?:\/\/json-schema\.org\/draft\/(2019-09|2020-12)\/schema#?$/;
const PARAMETER_OBJECT_WORDS = new Set(['type', 'properties', 'required', '__bundled__']);

function isParameterObject(schema: unknown): schema is { properties: Record<string, unknown> } {
  if (typeof schema !== 'object' || schema === null) return false;
  const node = schema as Schema;
  return (
    node.type === 'object' &&
    node.$schema === undefined &&
    typeof node.properties === 'object' &&
    node.properties !== null &&
    Object.keys(node.properties).length > 0 &&
    Object.keys(node).every((word) => PARAMETER_OBJECT_WORDS.has(word))
  );
}

/** Gives one of Prism's instances the linear pattern engine and the options below; once. */
function tune(instance: unknown, moved: Moved): void {
  if (typeof instance !== 'object' || instance === null || TUNED.has(instance)) return;
  const opts = (
    instance as {
      opts?: {
        code?: { regExp?: unknown; optimize?: unknown };
        validateSchema?: unknown;
        ownProperties?: unknown;
        multipleOfPrecision?: number;
      };
    }
  ).opts;
  const options = opts?.code;
  if (!opts || typeof options?.regExp !== 'function') throw moved("Ajv's opts.code.regExp", 'running patterns in linear time', 'not found');
  options.regExp = documentRegExp;
  // Checking each schema against the meta-schema compares every pair of enum values (uniqueItems):
  // 26 s for an enum of 50,000. An invalid schema failed Prism's compile (and so was not checked at
  // all); now it checks what it can.
  opts.validateSchema = false;
  // A body is parsed JSON: only its own properties are its members. Without this, `required`
  // found `constructor` or `__proto__` on every object (inherited from Object.prototype).
  opts.ownProperties = true;
  // `multipleOf: 0.01` judged as decimals are: 0.07 / 0.01 is 7.000000000000001 in binary floating
  // point, which Ajv refuses without a precision (its documented option for decimal multiples).
  opts.multipleOfPrecision = 9;
  // Ajv's optimising pass over the generated code (unused names, constant folding) was half of each
  // compile, and compiling is most of what an operation's first request and preparation cost; the
  // engine optimises the functions it runs often anyway.
  options.optimize = 0;
  judgeUrlAsUri(instance, moved);
  forgetCompiles(instance, moved);
  TUNED.add(instance);
  PATTERN_ENGINES.push(instance as Tuned);
}

/**
 * `format: url` is in neither JSON Schema's formats nor OpenAPI's registry; ajv-formats adds it as a web
 * address pattern that refuses what RFC 3986 allows (zuora's own `https://***`, `*` being a sub-delim of a
 * host name). It is judged as `uri` is: an absolute URI, which is what the documents using it mean; or
 * the empty string, which they use to unset one (nexmo's `moCallBackUrl`: "Send an empty string to unset
 * this value"), where `uri` alone refused the form every client sends.
 */
function judgeUrlAsUri(instance: unknown, moved: Moved): void {
  const ajv = instance as { formats?: Record<string, unknown>; addFormat?: (name: string, format: unknown) => unknown };
  const uri = ajv.formats?.uri;
  const isUri =
    typeof uri === 'function' ? (uri as (text: string) => boolean) : uri instanceof RegExp ? (text: string) => uri.test(text) : undefined;
  if (typeof ajv.addFormat !== 'function' || isUri === undefined)
    throw moved("Ajv's formats and addFormat", 'judging format url as uri', 'not found');
  ajv.addFormat('url', { type: 'string', validate: (text: string) => text === '' || isUri(text) });
}

/**
 * Prism compiles a fresh copy of a schema (`{ ...schema, __bundled__ }`) each time it has no validator
 * for it, and keeps the validators that compiled itself (by the schema it was given). Ajv adds each
 * schema to its own cache too, for good, keyed by that copy, which nobody asks for again: every schema
 * ever compiled stayed, with its generated code, long after the schema it was made for was gone (the
 * example checks' one-off schemas; a document prepared whole held a gigabyte). The entry is dropped
 * once compiled, and when the compile throws (Prism then compiles a schema Ajv refuses again on every
 * request that meets it, each leaving one behind).
 */
function forgetCompiles(instance: unknown, moved: Moved): void {
  const ajv = instance as { compile?: unknown; _cache?: unknown };
  const cache = ajv._cache;
  if (typeof ajv.compile !== 'function' || !(cache instanceof Map))
    throw moved("Ajv's compile and _cache", 'forgetting the schemas Ajv compiled', 'not found');
  // The prototype's compile, looked up on each call: captureCompiledBy and captureInstance wrap it for a moment.
  const inherited = Object.getPrototypeOf(ajv) as { compile: (...args: unknown[]) => unknown };
  ajv.compile = function (this: unknown, schema: unknown, ...rest: unknown[]) {
    const known = cache.has(schema);
    try {
      return inherited.compile.call(this, schema, ...rest);
    } finally {
      if (!known) cache.delete(schema);
    }
  };
}

/**
 * Runs `run` with Ajv's `compile` (Prism's copy of Ajv) temporarily wrapped, and returns what the first
 * compile whose schema argument passes `wanted` returned (the last, should several). Prism compiles a schema on first use and
 * caches the function without exposing it; this is how the direct body check gets that function.
 * The wrapper is removed before returning, even when `run` throws.
 */
export function captureCompiledBy(prototype: AjvPrototype, run: () => void, wanted: (schema: unknown) => boolean): unknown {
  const compile = prototype.compile;
  let compiled: unknown;
  prototype.compile = function (this: unknown, ...args: unknown[]) {
    const made = compile.apply(this, args);
    if (wanted(args[0])) compiled = made;
    return made;
  };
  try {
    run();
  } finally {
    prototype.compile = compile;
  }
  return compiled;
}

/** The Ajv instance that compiled the first schema `run` compiles; `before` sees it before that compile. */
function captureInstance(prototype: AjvPrototype, run: () => void, before?: (instance: unknown) => void): unknown {
  const compile = prototype.compile;
  let instance: unknown;
  prototype.compile = function (this: unknown, ...args: unknown[]) {
    if (instance === undefined) {
      instance = this;
      before?.(this);
    }
    return compile.apply(this, args);
  };
  try {
    run();
  } finally {
    prototype.compile = compile;
  }
  return instance;
}

/**
 * The first move a tuning met (one of Prism's instances made or tuned otherwise than this module expects).
 * Tuning runs inside Ajv's compile, which Prism calls within fp-ts's tryCatch: what it throws there
 * becomes "no diagnostics", every value valid. Prism's schema check is wrapped (prism-internals.ts) to
 * throw it again once Prism has returned, where nothing swallows it: the adapter fails to load, or a
 * request that reaches an instance first used then is answered 500, its log line naming the move.
 */
let tuningFailure: Error | undefined;

function recordedFailure(error: Error): Error {
  tuningFailure ??= error;
  return error;
}

/** Throws the move a tuning met, if any (see tuningFailure). */
export function throwIfTuningFailed(): void {
  if (tuningFailure !== undefined) throw tuningFailure;
}
