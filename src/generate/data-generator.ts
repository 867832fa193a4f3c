import { base, en, Faker, generateMersenne53Randomizer } from '@faker-js/faker';
import { JSONSchemaFaker } from 'json-schema-faker';
import type { JsonSchema } from '../spec/operation.js';

/**
 * Generates data from JSON Schemas with faker. Each mock server owns one, seeded from `--seed` (or at
 * random), so servers never share generator state. json-schema-faker keeps its options in module state;
 * generation is synchronous, so pointing it at this instance's faker just before each call is enough.
 */
export class DataGenerator {
  readonly #faker: Faker;
  readonly #random: () => number;

  constructor(seed: number | undefined) {
    const randomizer = generateMersenne53Randomizer();
    this.#faker = new Faker({ locale: [en, base], randomizer });
    this.#faker.seed(seed ?? Math.floor(Math.random() * 2 ** 32));
    this.#random = () => randomizer.next();
  }

  /** A value for the schema; with a seed, the same seed always gives the same value. */
  generate(schema: JsonSchema, seed?: number): unknown {
    if (seed === undefined) return generateWith(this.#faker, this.#random, schema);
    const randomizer = generateMersenne53Randomizer();
    const faker = new Faker({ locale: [en, base], randomizer });
    faker.seed(seed);
    return generateWith(faker, () => randomizer.next(), schema);
  }
}

function generateWith(faker: Faker, random: () => number, schema: JsonSchema): unknown {
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
