/**
 * Which JSON Schema dialect judges a document's schemas. OpenAPI 3.1 and 3.2 schemas are JSON Schema
 * 2020-12 (the OAS base dialect, or the document's `jsonSchemaDialect`, or a schema's own `$schema`);
 * Swagger 2.0 and OpenAPI 3.0 schemas are read as draft-07 once Prism's reader has rewritten their
 * OpenAPI words (`nullable`, boolean `exclusiveMinimum`), as before. Prism's validator picks its Ajv
 * instance by a schema's `$schema`, and knows draft-07 (its default), 2019-09 and 2020-12 by these URIs.
 */
import { isJsonObject } from '../json/json-object.js';

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
export const DRAFT_2019_09 = 'https://json-schema.org/draft/2019-09/schema';
export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const KNOWN: readonly (readonly [RegExp, string])[] = [
  // The OAS dialects (3.1's base and its dated versions, 3.2's) are 2020-12 with OpenAPI's vocabulary,
  // whose words (discriminator, xml, externalDocs, example) constrain no value.
  [/^https?:\/\/spec\.openapis\.org\/oas\/3\.[12]\/dialect\/[\w.-]+\/?$/, DRAFT_2020_12],
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, DRAFT_2020_12],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, DRAFT_2019_09],
  // Draft-04 and -06 words are judged as draft-07 reads them, as Prism reads OpenAPI 3.0's schemas.
  [/^https?:\/\/json-schema\.org\/draft-0[467]\/schema#?$/, DRAFT_07],
];

/** The `$schema` Prism's validator knows for a dialect URI; undefined for one it does not know. */
export function knownDialect(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return undefined;
  return KNOWN.find(([pattern]) => pattern.test(uri.trim()))?.[1];
}

/** How a document's schemas are judged: the `$schema` given to those that name none, and a dialect it named that is not known. */
export interface DocumentDialect {
  readonly schema: string;
  readonly unknown?: string;
}

/**
 * The dialect of an OpenAPI 3.1 or 3.2 document's schemas (its `jsonSchemaDialect`, by default the OAS
 * base dialect: 2020-12; an unknown one is judged as 2020-12 and named, for a warning); undefined for
 * Swagger 2.0 and OpenAPI 3.0, whose schemas stay as Prism's reader makes them (draft-07).
 */
export function documentDialect(root: unknown): DocumentDialect | undefined {
  if (!isJsonObject(root) || typeof root.openapi !== 'string' || !/^3\.[12](\.|$)/.test(root.openapi.trim())) return undefined;
  const named = root.jsonSchemaDialect;
  if (named === undefined) return { schema: DRAFT_2020_12 };
  const known = knownDialect(named);
  return known === undefined ? { schema: DRAFT_2020_12, unknown: String(named) } : { schema: known };
}

/** A schema's own dialect when it names a known one, else the document's. */
export function schemaDialect(schema: unknown, dialect: DocumentDialect): string {
  return (isJsonObject(schema) ? knownDialect(schema.$schema) : undefined) ?? dialect.schema;
}
