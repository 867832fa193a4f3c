import { parse } from 'yaml';

/** The YAML media types a request body may be read from as the value its schema describes. */
const YAML_TYPES = new Set(['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml']);

export function isYamlMediaType(essence: string): boolean {
  return YAML_TYPES.has(essence);
}

export type YamlReading = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * A YAML request body as its value (YAML 1.2's core schema, of which JSON is a subset), for validation
 * to judge like JSON: noosh's operations take one schema in JSON, XML and YAML alike. Aliases are
 * bounded (the `yaml` package's `maxAliasCount`), so a small text cannot expand into a large value.
 */
export function readYamlBody(text: string): YamlReading {
  try {
    // logLevel 'error': a client's unknown tag would otherwise print a process warning per request.
    const options = { schema: 'core', maxAliasCount: 100, prettyErrors: false, intAsBigInt: true, logLevel: 'error' } as const;
    const value: unknown = parse(text, options);
    return { ok: true, value: exactIntegers(value ?? null) };
  } catch (error) {
    // A node that contains its own alias, or nesting past the stack: said plainly, not as the engine says it.
    if (error instanceof RangeError || (error instanceof Error && /call stack/i.test(error.message)))
      return { ok: false, message: 'is not well-formed YAML: nested too deeply or refers to itself' };
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, message: `is not well-formed YAML: ${message?.slice(0, 120)}` };
  }
}

/** Integers read as bigints, those within 2^53 made numbers again: the ones beyond stay exact, as a JSON body's, for the int64 check. */
function exactIntegers(value: unknown): unknown {
  if (typeof value === 'bigint') return value >= -MAX_SAFE && value <= MAX_SAFE ? Number(value) : value;
  if (Array.isArray(value)) return value.map(exactIntegers);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) object[key] = exactIntegers(object[key]);
  return object;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
