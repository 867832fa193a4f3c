import { createRequire } from 'node:module';
import type * as FakerModule from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';
import type * as JsonSchemaFakerModule from 'json-schema-faker';
import type { JsonSchema } from '../spec/operation.js';

const require = createRequire(import.meta.url);

/**
 * faker and json-schema-faker are loaded on the first generated body, not at start-up: the default
 * answers (echo, examples) never need them, and loading faker's locale data costs a quarter of the
 * start-up time and tens of MB. Node >= 20.19 loads these ES modules with require(), synchronously.
 */
interface Libraries {
  readonly faker: typeof FakerModule;
  readonly JSONSchemaFaker: typeof JsonSchemaFakerModule.JSONSchemaFaker;
}

function loadLibraries(): Libraries {
  const faker = require('@faker-js/faker') as typeof FakerModule;
  const { JSONSchemaFaker } = require('json-schema-faker') as typeof JsonSchemaFakerModule;
  return { faker, JSONSchemaFaker };
}

/**
 * Generates data from JSON Schemas with faker. Each mock server owns one, seeded from `--seed` (or at
 * random), so servers never share generator state. json-schema-faker keeps its options in module state;
 * generation is synchronous, so pointing it at this instance's faker just before each call is enough.
 */
export class DataGenerator {
  readonly #seed: number;
  #state: { readonly libraries: Libraries; readonly faker: Faker; readonly random: () => number } | undefined;

  constructor(seed: number | undefined) {
    // Drawn now, so an unseeded server still differs from the next one however late faker loads.
    this.#seed = seed ?? Math.floor(Math.random() * 2 ** 32);
  }

  /** A value for the schema; with a seed, the same seed always gives the same value. */
  generate(schema: JsonSchema, seed?: number): unknown {
    if (seed === undefined) {
      this.#state ??= seeded(loadLibraries(), this.#seed);
      const { libraries, faker, random } = this.#state;
      return generateWith(libraries, faker, random, schema);
    }
    const { libraries, faker, random } = seeded(this.#state?.libraries ?? loadLibraries(), seed);
    return generateWith(libraries, faker, random, schema);
  }
}

function seeded(libraries: Libraries, seed: number): { libraries: Libraries; faker: Faker; random: () => number } {
  const { Faker, en, base, generateMersenne53Randomizer } = libraries.faker;
  const randomizer = generateMersenne53Randomizer();
  const faker = new Faker({ locale: [en, base], randomizer });
  faker.seed(seed);
  return { libraries, faker, random: () => randomizer.next() };
}

function generateWith({ JSONSchemaFaker }: Libraries, faker: Faker, random: () => number, schema: JsonSchema): unknown {
  JSONSchemaFaker.extend('faker', () => faker);
  JSONSchemaFaker.option({
    random,
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
