import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';
import type * as JsonSchemaFakerModule from 'json-schema-faker';
import type { JsonSchema } from '../json/json-schema.js';

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

/**
 * Generates data from JSON Schemas with faker. Each mock server owns one, seeded from `--seed` (or at
 * random), so servers never share generator state. json-schema-faker keeps its options in module state;
 * generation is synchronous, so pointing it at this instance's faker just before each call is enough.
 */
export class DataGenerator {
  readonly #seed: number;
  #faker: Faker | undefined;

  constructor(seed: number | undefined) {
    // Drawn now, so an unseeded server still differs from the next one however late faker loads.
    this.#seed = seed ?? Math.floor(Math.random() * 2 ** 32);
  }

  /** A value for the schema; with a seed, the same seed always gives the same value. */
  generate(schema: JsonSchema, seed?: number): unknown {
    const loaded = loadLibraries();
    if (seed !== undefined) return generateWith(loaded, createFaker(loaded, seed), schema);
    this.#faker ??= createFaker(loaded, this.#seed);
    return generateWith(loaded, this.#faker, schema);
  }
}

function createFaker({ english }: Libraries, seed: number): Faker {
  const FakerClass = english.constructor as typeof Faker;
  const faker = new FakerClass({ locale: english.rawDefinitions });
  faker.seed(seed);
  return faker;
}

function generateWith({ JSONSchemaFaker }: Libraries, faker: Faker, schema: JsonSchema): unknown {
  JSONSchemaFaker.extend('faker', () => faker);
  JSONSchemaFaker.option({
    random: () => faker.number.float({ min: 0, max: 1 }),
    alwaysFakeOptionals: false,
    fillProperties: false,
    useExamplesValue: false,
    useDefaultValue: false,
    failOnInvalidFormat: false,
    failOnInvalidTypes: false,
    maxItems: 5,
  });
  return JSONSchemaFaker.generate(structuredClone(schema) as Parameters<typeof JSONSchemaFaker.generate>[0]);
}
