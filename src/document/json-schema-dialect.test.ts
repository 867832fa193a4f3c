import { describe, expect, it } from 'vitest';
import { DRAFT_07, DRAFT_2019_09, DRAFT_2020_12, documentDialect, knownDialect, schemaDialect } from './json-schema-dialect.js';

describe('the JSON Schema dialect of a document', () => {
  it('is 2020-12 for OpenAPI 3.1 and 3.2, none of its own for 3.0 and Swagger 2.0', () => {
    expect(documentDialect({ openapi: '3.1.0' })).toEqual({ schema: DRAFT_2020_12 });
    expect(documentDialect({ openapi: '3.2.0' })).toEqual({ schema: DRAFT_2020_12 });
    expect(documentDialect({ openapi: '3.0.3' })).toBeUndefined();
    expect(documentDialect({ swagger: '2.0' })).toBeUndefined();
  });

  it('follows jsonSchemaDialect, and names one it does not know', () => {
    expect(documentDialect({ openapi: '3.1.1', jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base' })).toEqual({
      schema: DRAFT_2020_12,
    });
    expect(documentDialect({ openapi: '3.1.0', jsonSchemaDialect: 'http://json-schema.org/draft-07/schema#' })).toEqual({
      schema: DRAFT_07,
    });
    expect(documentDialect({ openapi: '3.1.0', jsonSchemaDialect: 'https://example.com/x' })).toEqual({
      schema: DRAFT_2020_12,
      unknown: 'https://example.com/x',
    });
  });

  it("knows the drafts Prism's validator knows, by their usual spellings", () => {
    expect(knownDialect('https://json-schema.org/draft/2020-12/schema#')).toBe(DRAFT_2020_12);
    expect(knownDialect('http://json-schema.org/draft/2019-09/schema')).toBe(DRAFT_2019_09);
    expect(knownDialect('http://json-schema.org/draft-04/schema#')).toBe(DRAFT_07);
    expect(knownDialect('https://spec.openapis.org/oas/3.2/dialect/2025-09-17')).toBe(DRAFT_2020_12);
    expect(knownDialect('urn:other')).toBeUndefined();
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-07/schema#' }, { schema: DRAFT_2020_12 })).toBe(DRAFT_07);
    expect(schemaDialect({ $schema: 'urn:other' }, { schema: DRAFT_2020_12 })).toBe(DRAFT_2020_12);
  });
});
