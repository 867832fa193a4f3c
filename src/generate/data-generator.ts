import type { Faker } from '@faker-js/faker';
// The English-only entry loads in a fifth of the time of the main one, which brings every locale.
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { JSONSchemaFaker } from 'json-schema-faker';
import type { JsonSchema } from '../spec/operation.js';

/** The entry exports a shared instance only; its class and definitions make one per server. */
const FakerClass = englishFaker.constructor as typeof Faker;

/**
 * Generates data from JSON Schemas with faker. Each mock server owns one, seeded from `--seed` (or at
 * random), so servers never share generator state. json-schema-faker keeps its options in module state;
 * generation is synchronous, so pointing it at this instance's faker just before each call is enough.
 */
export class DataGenerator {
  readonly #faker: Faker;

  constructor(seed: number | undefined) {
    this.#faker = createFaker(seed ?? Math.floor(Math.random() * 2 ** 32));
  }

  /** A value for the schema; with a seed, the same seed always gives the same value. */
  generate(schema: JsonSchema, seed?: number): unknown {
    return generateWith(seed === undefined ? this.#faker : createFaker(seed), schema);
  }
}

function createFaker(seed: number): Faker {
  const faker = new FakerClass({ locale: englishFaker.rawDefinitions });
  faker.seed(seed);
  return faker;
}

function generateWith(faker: Faker, schema: JsonSchema): unknown {
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
