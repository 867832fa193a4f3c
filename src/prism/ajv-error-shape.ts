/** The longest key of a way of breaking a schema that is remembered (an enum of thousands of values makes long ones). */
const MAX_SHAPE_LENGTH = 4096;

/** What Ajv reports of an error, as far as convertAjvErrors reads it. */
interface AjvError {
  readonly instancePath?: unknown;
  readonly keyword?: unknown;
  readonly message?: unknown;
  readonly params?: unknown;
}

/**
 * Everything convertAjvErrors reads of the errors, each text after its length (so no two lists share a
 * key): the instance path, keyword and message, and the parameters it quotes when present (enum values,
 * an additional or unevaluated property). Undefined for errors it would read otherwise than as strings,
 * and for long keys.
 */
export function shapeOf(errors: readonly unknown[]): string | undefined {
  let shape = '';
  for (const error of errors as readonly AjvError[]) {
    const { instancePath, keyword, message, params } = error;
    if (typeof instancePath !== 'string' || typeof keyword !== 'string' || typeof message !== 'string') return undefined;
    if (typeof params !== 'object' || params === null) return undefined;
    shape += `${instancePath.length}:${instancePath}${keyword.length}:${keyword}${message.length}:${message}`;
    if ('allowedValues' in params) {
      const allowed = (params as { allowedValues?: unknown }).allowedValues;
      if (!Array.isArray(allowed)) return undefined;
      const joined = allowed.join(', ');
      shape += `a${joined.length}:${joined}`;
    }
    if ('additionalProperty' in params) {
      const property = (params as { additionalProperty?: unknown }).additionalProperty;
      if (typeof property !== 'string') return undefined;
      shape += `p${property.length}:${property}`;
    }
    if ('unevaluatedProperty' in params) {
      const property = (params as { unevaluatedProperty?: unknown }).unevaluatedProperty;
      if (typeof property !== 'string') return undefined;
      shape += `u${property.length}:${property}`;
    }
    shape += ';';
    if (shape.length > MAX_SHAPE_LENGTH) return undefined;
  }
  return shape;
}
