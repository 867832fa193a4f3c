/** Whether a value is a JSON object, neither null nor an array: a schema, or a node of a document. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Whether a value is a plain object (a literal, `Object.create(null)`, JSON.parse's), as the reference
 * parser's tree copy judges it: a class instance is kept as it is, not copied as `{}`.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === null || prototype === Object.prototype) return true;
  const made = (value as { constructor?: unknown }).constructor;
  return typeof made === 'function' && Function.prototype.toString.call(made) === Function.prototype.toString.call(Object);
}
