/**
 * Values a request can carry that its schema truly allows: candidates from the document's own words
 * (examples), then the deterministic sample (sample-value.ts), then json-schema-faker under fixed seeds
 * (patterns through its randexp, `allOf` merged, formats), then the sample of required properties only; each is checked by Ajv on Prism's form of
 * the schema, and the first that passes is sent. When none does, the value is "not buildable": the
 * conformance run counts such requests apart and never holds them against the mock.
 */
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { JSONSchemaFaker } from 'json-schema-faker';
import { greedy } from '../../../src/generate/pattern-values.js';
import { withJavaClasses } from '../independent/java-classes.js';
import { composedValue, type PartBuilder } from './composed-value.js';
import { resolve, sampleValue } from './sample-value.js';
import type { Schema } from './types.js';

/** ajv-formats is CommonJS whose default export TypeScript's NodeNext reading cannot call. */
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: Ajv | Ajv2020) => void;

export type Built = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

/** What the value is for: a path segment must not be empty, a header must be one line of visible text. */
export type Place = 'path' | 'query' | 'header' | 'cookie' | 'body' | 'xml body' | 'form body';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
/**
 * Seeds tried last with the faker filling objects up to `minProperties` from `additionalProperties`
 * (AWS's tag maps: `minProperties: 1`); the first seeds leave maps empty, as the requests they built
 * before stay the same.
 */
const FILLING_SEEDS = [9, 10];

/**
 * Patterns are the document's: with the `u` flag where they compile with it (`\p{L}` needs it), else
 * without (many public documents escape `:` or `/`, which `u` refuses); Java's classes (`\p{XDigit}`)
 * read as Java reads them (java-classes.ts).
 */
export function documentRegExp(pattern: string, flags: string): RegExp {
  // Ajv asks with its own `u` flag already among `flags`: the fallback must drop it, not keep it.
  const others = flags.replace('u', '');
  try {
    return new RegExp(withJavaClasses(pattern, true), `u${others}`);
  } catch {
    return new RegExp(withJavaClasses(pattern, false), others);
  }
}
const options = {
  strict: false,
  validateSchema: false,
  allErrors: false,
  code: { regExp: Object.assign(documentRegExp, { code: 'documentRegExp' }) },
} as const;
const ajvs: { draft7?: Ajv; draft2020?: Ajv2020 } = {};
const compiled = new WeakMap<object, ValidateFunction | null>();

const isModern = (schema: Schema | undefined) => String(schema?.$schema ?? '').includes('2020-12');

/** `modern`: the document's schemas are JSON Schema 2020-12 (a part carries no `$schema` of its own). */
function validator(schema: Schema, root: unknown, modern = isModern(schema)): ValidateFunction | null {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  let validate: ValidateFunction | null = null;
  try {
    if (modern) ajvs.draft2020 ??= withFormats(new Ajv2020(options));
    else ajvs.draft7 ??= withFormats(new Ajv(options));
    const ajv = (modern ? ajvs.draft2020 : ajvs.draft7) as Ajv;
    const { $schema: _ignored, ...rest } = requestForm(schema) as Record<string, unknown>;
    // Prism leaves references to `#/__bundled__/...` of the operation: the checked schema carries them.
    const bundled = (root as { __bundled__?: unknown } | undefined)?.__bundled__;
    validate = ajv.compile(bundled === undefined ? rest : { ...rest, __bundled__: requestForm(bundled) });
  } catch {
    validate = null;
  }
  compiled.set(schema, validate);
  return validate;
}

function withFormats<T extends Ajv | Ajv2020>(ajv: T): T {
  addFormats(ajv);
  return ajv;
}

/**
 * The schema as a request reads it: a `readOnly` property is neither sent nor required (it is left out
 * of `properties`, so a schema closed by `additionalProperties: false` refuses a candidate carrying it,
 * as Prism's request form does).
 */
function requestForm(node: unknown, seen = new Map<object, unknown>()): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (seen.has(node)) return seen.get(node);
  if (Array.isArray(node)) {
    const copy: unknown[] = [];
    seen.set(node, copy);
    for (const item of node) copy.push(requestForm(item, seen));
    return copy;
  }
  const copy: Record<string, unknown> = {};
  seen.set(node, copy);
  for (const [key, value] of Object.entries(node)) copy[key] = requestForm(value, seen);
  const properties = copy.properties as Record<string, { readOnly?: unknown }> | undefined;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    const readOnly = Object.keys(properties).filter((name) => properties[name]?.readOnly === true);
    if (readOnly.length > 0) {
      copy.properties = Object.fromEntries(Object.entries(properties).filter(([name]) => !readOnly.includes(name)));
      if (Array.isArray(copy.required)) copy.required = (copy.required as string[]).filter((name) => !readOnly.includes(name));
    }
  }
  return copy;
}

function fits(place: Place, value: unknown): boolean {
  if (value === undefined) return false;
  // A null has no serialisation outside JSON: on the wire it would be the text `null`.
  if (value === null && place !== 'body') return false;
  if (place === 'path' && (value === '' || (Array.isArray(value) && value.length === 0))) return false;
  if (place === 'header' || place === 'cookie') return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(flatText(value));
  // An empty query value needs `allowEmptyValue`; an empty exploded list or map sends nothing; objects
  // inside a list have no form serialisation (OpenAPI defines none).
  // Nor do objects inside an object (seldon's `json` of nested messages: each property is one pair).
  if (place === 'query') return !isEmpty(value) && !Object.values(value as object).some(isObjectOrHoldsOne);
  // Arrays are sent as repeated elements, so an empty one is no element at all: a required one would go missing.
  if (place === 'xml body') return !hasEmptyArray(value);
  // A form field is text (or repeated text): a null field or list item has no form serialisation, and
  // an empty list is no field at all, which a service refuses where the list is required.
  if (place === 'form body')
    return !Object.values(value ?? {}).some((v) => v === null || (Array.isArray(v) && (v.length === 0 || v.includes(null))));
  return true;
}

function isObjectOrHoldsOne(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (!Array.isArray(value) || value.some(isObjectOrHoldsOne));
}

/**
 * An object in a query is its properties as pairs: a property the schema does not list (seldon's
 * example `{json: ...}` for its own parameter `json`) cannot be told from the query's other pairs.
 */
function unlistedInQuery(place: Place, value: unknown, schema: Schema, root: unknown): boolean {
  if (place !== 'query' || typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const listed = resolve(schema, root)?.properties;
  return typeof listed === 'object' && listed !== null && Object.keys(value).some((key) => !Object.hasOwn(listed, key));
}

function isEmpty(value: unknown): boolean {
  return value === '' || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
}

function hasEmptyArray(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0 || value.some(hasEmptyArray);
  return typeof value === 'object' && value !== null && Object.values(value).some(hasEmptyArray);
}

const flatText = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

/** A seeded random (mulberry32): the same document gives the same requests on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function* generated(schema: Schema, root: unknown): Generator<unknown> {
  const bundled = (root as { __bundled__?: unknown } | undefined)?.__bundled__;
  const target = withGreedyPatterns(requestForm(bundled === undefined ? schema : { ...schema, __bundled__: bundled })) as Record<
    string,
    unknown
  >;
  for (const seed of [...SEEDS, ...FILLING_SEEDS]) {
    JSONSchemaFaker.option({
      random: seeded(seed),
      alwaysFakeOptionals: seed % 2 === 0,
      useExamplesValue: seed === 1,
      useDefaultValue: seed === 1,
      failOnInvalidFormat: false,
      failOnInvalidTypes: false,
      fillProperties: FILLING_SEEDS.includes(seed),
      ignoreMissingRefs: true,
      maxItems: 2,
      refDepthMax: 4,
    });
    try {
      yield JSONSchemaFaker.generate(structuredClone(target) as Parameters<typeof JSONSchemaFaker.generate>[0]);
    } catch {}
  }
}

/**
 * The faker's string writer reads a lazy quantifier's `?` as "optional": it draws from the greedy form
 * (each value is still checked), with Java's classes as ranges it can draw from.
 */
function withGreedyPatterns(node: unknown, seen = new Map<object, unknown>()): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (seen.has(node)) return seen.get(node);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(node) ? [] : {};
  seen.set(node, copy);
  for (const [key, value] of Object.entries(node)) {
    (copy as Record<string, unknown>)[key] =
      key === 'pattern' && typeof value === 'string' ? greedy(withJavaClasses(value, false)) : withGreedyPatterns(value, seen);
  }
  return copy;
}

/** The first candidate the schema allows: `examples` (the document's), the sample, generated values, then a value built part by part. */
export function validValue(schema: Schema | undefined, root: unknown, place: Place, examples: readonly unknown[] = []): Built {
  return build(schema, root, place, examples, isModern(schema), 0);
}

function build(
  schema: Schema | undefined,
  root: unknown,
  place: Place,
  examples: readonly unknown[],
  modern: boolean,
  depth: number,
): Built {
  const sample = sampleValue(schema, root);
  if (!schema) {
    const value = [...examples, sample, 'fern'].find((v) => fits(place, v));
    return { ok: true, value };
  }
  const validate = validator(schema, root, modern);
  const allowed = (value: unknown) =>
    fits(place, value) && !unlistedInQuery(place, value, schema, root) && (validate === null || validate(value) === true);
  for (const candidate of [...examples, sample]) if (allowed(candidate)) return { ok: true, value: candidate };
  for (const candidate of generated(schema, root)) if (allowed(candidate)) return { ok: true, value: candidate };
  // Last, required properties only: an optional one may admit no value (visualstudio.com's integer enum of strings).
  const lean = sampleValue(schema, root, 0, true);
  if (allowed(lean)) return { ok: true, value: lean };
  const composed = composedValue(schema, root, partBuilder(root, modern), depth);
  if (allowed(composed)) return { ok: true, value: composed };
  const why =
    validate?.(sample) === false ? (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ') : '';
  return { ok: false, reason: why || 'no value of the schema fits the request' };
}

/** Parts of a body are built with every candidate above, and checked against their own schema. */
function partBuilder(root: unknown, modern: boolean): PartBuilder {
  return {
    part(schema, depth) {
      const built = build(schema, root, 'body', [], modern, depth);
      return built.ok ? built.value : undefined;
    },
    valid(schema, value) {
      const validate = validator(schema, root, modern);
      return validate === null || validate(value) === true;
    },
  };
}
