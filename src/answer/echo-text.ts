import fastJson from 'fast-json-stringify';
import type { EchoPlan } from '../generate/echo.js';

/** The JSON text of an echoed body, or undefined where only JSON.stringify is sure to write it right. */
export type EchoText = (body: unknown) => string | undefined;

/** An array index (`"0"`, `"42"`): objects list such keys first, in numeric order, whatever order they were set in. */
const INDEX_KEY = /^(?:0|[1-9]\d*)$/;

/**
 * A serialiser compiled (fast-json-stringify, as Fastify compiles its response schemas) for the bodies
 * an echo plan makes, where every property it echoes is a string: undefined for any other plan. The
 * engine's `JSON.stringify` is a call into its runtime that costs several times the compiled code for
 * the usual small echo.
 *
 * Its text is JSON.stringify's, byte for byte, for the bodies it accepts and it accepts only those
 * where that is sure: a plain object (of data properties, as the pipeline makes them) whose keys, in
 * their own order, are some of the plan's properties in the plan's order, each holding a string (or
 * undefined, which both leave out). Anything else (a
 * value from an example that is no string, a key another step added, an index key, which objects
 * order first) answers undefined, and the caller writes the body as before. The compiled code leaves
 * out undefined properties, escapes strings as JSON.stringify does and writes keys in the schema's order.
 */
export function echoText(plan: EchoPlan): EchoText | undefined {
  const names = plan.properties.map((property) => property.name);
  const strings = plan.properties.every((property) => property.types.length > 0 && property.types.every(onlyString));
  // A name every object inherits (`constructor`, `toString`): the compiled code reads it on a body without it.
  if (!strings || names.some((name) => INDEX_KEY.test(name) || name in Object.prototype)) return undefined;
  const properties = Object.fromEntries(names.map((name) => [name, { type: 'string' }]));
  const write = fastJson({ type: 'object', properties, additionalProperties: false });
  return (body) => {
    if (body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype) return undefined;
    let next = 0;
    for (const key in body) {
      const value = (body as Record<string, unknown>)[key];
      if (value === undefined) continue;
      while (next < names.length && names[next] !== key) next++;
      if (next === names.length || typeof value !== 'string') return undefined;
      next++;
    }
    return write(body);
  };
}

function onlyString(types: readonly string[]): boolean {
  return types.length === 1 && types[0] === 'string';
}
