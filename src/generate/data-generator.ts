import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';
import type * as JsonSchemaFakerModule from 'json-schema-faker';
import type { JsonSchema } from '../json/json-schema.js';
import { BELIEVABLE_FORMATS } from './believable.js';
import { withDecimalMultiples } from './draw-multiples.js';
import { exclusiveOneOf } from './exclusive-one-of.js';
import { restoreNames } from './faker-names.js';
import { flattenCombinations, mergeClosingAllOf } from './flatten-combinations.js';
import { prepareSchema } from './prepare-schema.js';

const require = createRequire(import.meta.url);

/**
 * faker and json-schema-faker are loaded on the first generated body, not at start-up: the default
 * answers (echo, examples) never need them. Node >= 20.19 loads these ES modules with require(),
 * synchronously. faker's English-only entry loads in a fifth of the time of the main one (every locale);
 * it exports a shared instance only, whose class and definitions make one Faker per server.
 */
interface Libraries {
  readonly english: Faker;
  readonly JSONSchemaFaker: typeof JsonSchemaFakerModule.JSONSchemaFaker;
}

let libraries: Libraries | undefined;

/** Module code, loaded once per process; every server still gets generators of its own. */
function loadLibraries(): Libraries {
  libraries ??= {
    english: (require('@faker-js/faker/locale/en') as { faker: Faker }).faker,
    JSONSchemaFaker: (require('json-schema-faker') as typeof JsonSchemaFakerModule).JSONSchemaFaker,
  };
  return libraries;
}

/** Static answers do not depend on the server's seed: the same document gives the same answers everywhere. */
const STATIC_SEED = 1;

/**
 * Generates data from JSON Schemas with faker. Each mock server owns one, seeded from `--seed` (or at
 * random), so servers never share generator state. json-schema-faker keeps its options in module state;
 * generation is synchronous, so pointing it at this instance's faker just before each call is enough.
 */
export class DataGenerator {
  readonly #seed: number;
  #faker: Faker | undefined;
  /** Each schema is prepared for the faker once (see prepare-schema.ts). */
  readonly #prepared = new WeakMap<JsonSchema, JsonSchema>();
  /** Schemas prepared for static records (see record). */
  readonly #preparedStatic = new WeakMap<JsonSchema, JsonSchema>();
  /** The same, combinations flattened: the faker's second try where its first one throws. */
  readonly #flattened = new WeakMap<JsonSchema, JsonSchema>();

  constructor(seed: number | undefined) {
    // Drawn now, so an unseeded server still differs from the next one however late faker loads.
    this.#seed = seed ?? Math.floor(Math.random() * 2 ** 32);
  }

  /** A value for the schema; with a seed, the same seed always gives the same value. */
  generate(schema: JsonSchema, seed?: number): unknown {
    const loaded = loadLibraries();
    this.#faker ??= createFaker(loaded, this.#seed);
    const faker = seed !== undefined ? createFaker(loaded, seed) : this.#faker;
    let value: unknown;
    try {
      value = generateWith(loaded, faker, this.#prepare(schema), DYNAMIC);
    } catch {
      // json-schema-faker's clean() step throws under some combinations (flatten-combinations.ts).
      value = generateWith(loaded, faker, this.#flatten(schema), DYNAMIC);
    }
    return strictOneOf(schema, value);
  }

  /**
   * A seed for a value made in parts (a stream's items), drawn from this generator: a new one on each
   * call, and the same sequence again on a server started with the same `--seed`.
   */
  drawSeed(): number {
    this.#faker ??= createFaker(loadLibraries(), this.#seed);
    return this.#faker.number.int({ min: 0, max: 2 ** 31 - 1 });
  }

  /**
   * The static answer for a schema: the document's words first (examples, default, const, the first
   * enum value), every property, one array item; the rest from a faker seeded with a constant, so the
   * answer is the same on every call and every server. Callers keep it (it is built once per response).
   */
  answer(schema: JsonSchema): unknown {
    const loaded = loadLibraries();
    // Static answers take the first branch of every choice anyway: flattened, the faker never throws on them.
    const value = generateWith(loaded, createFaker(loaded, STATIC_SEED), flattenCombinations(prepareSchema(schema, 'static')), STATIC);
    return strictOneOf(schema, value);
  }

  /**
   * The record of one identifier: the static answer, or with `dynamic` a generated value, from a faker
   * seeded by the identifier (and by `seed`, else the server's seed, when dynamic; static records, like
   * static answers, are the same on every server). The same identifier gives the same record, wherever
   * the schema appears: in a list and in the detail of that identifier.
   */
  record(schema: JsonSchema, identifier: string, dynamic: boolean, seed?: number): unknown {
    if (dynamic) return this.generate(schema, mixSeed(seed ?? this.#seed, identifier));
    const loaded = loadLibraries();
    let prepared = this.#preparedStatic.get(schema);
    if (!prepared) {
      prepared = flattenCombinations(prepareSchema(schema, 'static'));
      this.#preparedStatic.set(schema, prepared);
    }
    return strictOneOf(schema, generateWith(loaded, createFaker(loaded, mixSeed(STATIC_SEED, identifier)), prepared, STATIC));
  }

  #flatten(schema: JsonSchema): JsonSchema {
    let flattened = this.#flattened.get(schema);
    if (!flattened) {
      flattened = flattenCombinations(this.#prepare(schema));
      this.#flattened.set(schema, flattened);
    }
    return flattened;
  }

  #prepare(schema: JsonSchema): JsonSchema {
    let prepared = this.#prepared.get(schema);
    if (!prepared) {
      prepared = mergeClosingAllOf(prepareSchema(schema, 'dynamic'));
      this.#prepared.set(schema, prepared);
    }
    return prepared;
  }
}

/** Each schema's `oneOf` guard (exclusive-one-of.ts), null for a schema without `oneOf`: made once, shared like the schema. */
const ONE_OF_GUARDS = new WeakMap<JsonSchema, ((value: unknown) => unknown) | null>();

/** The value with each of its `oneOf`s matching exactly one branch; as it is where the schema has none. */
function strictOneOf(schema: JsonSchema, value: unknown): unknown {
  let guard = ONE_OF_GUARDS.get(schema);
  if (guard === undefined) {
    guard = exclusiveOneOf(schema) ?? null;
    ONE_OF_GUARDS.set(schema, guard);
  }
  return guard === null ? value : guard(value);
}

const DYNAMIC = {
  // A realistic answer carries its optional properties; values and choices are what varies.
  alwaysFakeOptionals: true,
  fixedProbabilities: false,
  useExamplesValue: false,
  useDefaultValue: false,
  maxItems: 5,
} as const;

const STATIC = {
  alwaysFakeOptionals: true,
  fixedProbabilities: true,
  useExamplesValue: true,
  useDefaultValue: true,
  // prepare-schema gives every array its length; a global cap would also cut minItems.
  maxItems: null,
} as const;

/** A 32-bit seed from a seed and an identifier (FNV-1a over the identifier's characters). */
function mixSeed(seed: number, identifier: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < identifier.length; i += 1) hash = Math.imul(hash ^ identifier.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

function createFaker({ english }: Libraries, seed: number): Faker {
  const FakerClass = english.constructor as typeof Faker;
  const faker = new FakerClass({ locale: english.rawDefinitions });
  faker.seed(seed);
  return faker;
}

/** The faker of the generation under way (json-schema-faker's formats are module state; generation is synchronous). */
let current: Faker | undefined;
let believableRegistered = false;

function generateWith({ JSONSchemaFaker }: Libraries, faker: Faker, schema: JsonSchema, mode: typeof DYNAMIC | typeof STATIC): unknown {
  JSONSchemaFaker.extend('faker', () => withDecimalMultiples(faker));
  // The faker's own byte format is not base64; this one is, from the seeded faker.
  JSONSchemaFaker.format('byte', () => Buffer.from(faker.lorem.word()).toString('base64'));
  // The faker's uri-template names its variables with `-` and `:`, which RFC 6570 variable names never hold.
  JSONSchemaFaker.format('uri-template', () => `${faker.internet.url({ appendSlash: true })}{${faker.lorem.word()}}`);
  // Believable values by format and by property name (believable.ts), from this call's seeded faker;
  // registered once, as generation is synchronous.
  current = faker;
  if (!believableRegistered) {
    for (const [format, make] of Object.entries(BELIEVABLE_FORMATS)) JSONSchemaFaker.format(format, () => make(current as Faker));
    believableRegistered = true;
  }
  // Formats Ajv's format list knows and the faker writes as lorem words (or as a bare `P`).
  JSONSchemaFaker.format('duration', () => `P${faker.number.int({ min: 1, max: 30 })}D`);
  JSONSchemaFaker.format('json-pointer-uri-fragment', () => `#/${faker.lorem.word()}`);
  JSONSchemaFaker.format('relative-json-pointer', () => `0/${faker.lorem.word()}`);
  JSONSchemaFaker.option({
    random: () => faker.number.float({ min: 0, max: 1 }),
    fillProperties: false,
    failOnInvalidFormat: false,
    failOnInvalidTypes: false,
    ...(mode as Record<string, unknown>),
  });
  try {
    return restoreNames(JSONSchemaFaker.generate(structuredClone(schema) as Parameters<typeof JSONSchemaFaker.generate>[0]), schema);
  } catch (error) {
    // json-schema-faker makes a dated string from `pattern`, then reads it as a date for the `format`,
    // and throws where the pattern allows what is no date (Microsoft Graph's date-times): without the
    // pattern it writes a date of the format.
    const datesFromFormat = withoutDatePatterns(schema);
    if (datesFromFormat === schema) throw error;
    return restoreNames(JSONSchemaFaker.generate(datesFromFormat as Parameters<typeof JSONSchemaFaker.generate>[0]), schema);
  }
}

const DATE_FORMATS = new Set(['date-time', 'datetime', 'date', 'full-date', 'time']);

/** The schema without the `pattern` of its date, date-time and time strings; the same object when it has none. */
function withoutDatePatterns(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map(withoutDatePatterns);
    return items.some((item, i) => item !== schema[i]) ? items : schema;
  }
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(node)) {
    const next = withoutDatePatterns(value);
    if (next === value) continue;
    copy ??= { ...node };
    copy[key] = next;
  }
  if (typeof node.format === 'string' && DATE_FORMATS.has(node.format) && 'pattern' in node) {
    copy ??= { ...node };
    delete copy.pattern;
  }
  return copy ?? node;
}
