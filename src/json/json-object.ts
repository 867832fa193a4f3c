/** Whether a value is a JSON object, neither null nor an array: a schema, or a node of a document. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
