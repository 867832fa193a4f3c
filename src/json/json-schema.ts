/** A JSON Schema as found in the (dereferenced) OpenAPI document. */
export type JsonSchema = Readonly<Record<string, unknown>>;
