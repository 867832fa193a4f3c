/**
 * The copy of the request schemas that Prism validates against, with three repairs:
 * - http-spec gives every int64 schema the bounds ±(2^53-1), and ajv-formats' `int64` stops there too,
 *   so Prism would reject most of the int64 range: int64 fields and parameters stay plain integers here, and
 *   src/pipeline/int-range.ts checks the exact range;
 * - http-spec gives every `format: float` schema the bounds ±2^128, but a float is any JSON number: a
 *   float reader (.NET's, Jackson's) rounds one beyond single precision, it does not refuse it, and JSON
 *   Schema gives `float` no range (Schemathesis sends 1e300 to Custom Vision's float thresholds). Those
 *   bounds are dropped wherever the request is judged (body, parameters, bundled schemas); a `minimum`
 *   or `maximum` the document writes stays;
 * - OpenAPI 3.0's `nullable: true` beside `anyOf`/`oneOf`/`allOf` but no `type` (common: Stripe's
 *   expandable fields) makes Ajv refuse to compile the schema, and Prism then checks nothing at all of
 *   the body: here it becomes `anyOf: [the schema, {type: 'null'}]`, what it means.
 */
type Node = unknown;

type Schema = Readonly<Record<string, unknown>>;
const PARAMETER_LISTS = ['query', 'headers', 'path', 'cookie'] as const;

interface WithRequestBody {
  request?: {
    body?: { contents?: { schema?: Schema }[] };
    query?: unknown[];
    headers?: unknown[];
    path?: unknown[];
    cookie?: unknown[];
  };
  __bundled__?: Record<string, unknown>;
}

export function forPrismValidation<T extends WithRequestBody>(operation: T): T {
  const request = operation.request;
  if (!request) return operation;
  const body = request.body;
  const contents = body?.contents?.map((c) =>
    c.schema ? { ...c, schema: withNullableTyped(withoutBounds(c.schema, WIDE_FORMATS)) as typeof c.schema } : c,
  );
  const repaired: typeof request = contents ? { ...request, body: { ...body, contents } } : { ...request };
  for (const list of PARAMETER_LISTS) {
    const parameters = request[list];
    if (parameters) repaired[list] = sameOrCopy(parameters, parameters.map(withoutParameterBounds)) as unknown[];
  }
  const bundled = operation.__bundled__;
  const fixed = { ...operation, request: repaired };
  return bundled
    ? { ...fixed, __bundled__: withNullableTyped(withoutBounds(bundled, FLOAT, true), true) as Record<string, unknown> }
    : fixed;
}

/**
 * int64's bounds are dropped from bodies and parameters (jellyfin's `startTimeTicks`), whose integers are
 * read exactly and checked apart (int-range.ts); not from bundled schemas, which other formats' checks share.
 */
const WIDE_FORMATS = new Set(['int64', 'float']);
const FLOAT = new Set(['float']);

function withoutParameterBounds(parameter: unknown): unknown {
  if (parameter === null || typeof parameter !== 'object') return parameter;
  const { schema } = parameter as { schema?: unknown };
  if (schema === undefined) return parameter;
  const repaired = withoutBounds(schema, WIDE_FORMATS);
  return repaired === schema ? parameter : { ...parameter, schema: repaired };
}

/** Keywords whose value is a map from names to schemas (not itself a schema). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', '__bundled__', 'dependentSchemas']);

function withNullableTyped(node: Node, map = false): Node {
  if (Array.isArray(node))
    return sameOrCopy(
      node,
      node.map((item) => withNullableTyped(item)),
    );
  if (node === null || typeof node !== 'object') return node;
  const source = node as Record<string, unknown>;
  const copy = copyOfChildren(source, (key, value) => withNullableTyped(value, !map && SCHEMA_MAPS.has(key)));
  if (map || typeof source.nullable !== 'boolean' || 'type' in source) return copy;
  const typed = { ...copy };
  delete typed.nullable;
  return source.nullable ? { anyOf: [typed, { type: 'null' }] } : typed;
}

/** The schema without the bounds http-spec gave `formats` (int64 loses its format too: Ajv's stops at 2^53). */
function withoutBounds(node: Node, formats: ReadonlySet<string>, map = false): Node {
  if (Array.isArray(node))
    return sameOrCopy(
      node,
      node.map((item) => withoutBounds(item, formats)),
    );
  if (node === null || typeof node !== 'object') return node;
  const source = node as Record<string, unknown>;
  const copy = copyOfChildren(source, (key, value) => withoutBounds(value, formats, !map && SCHEMA_MAPS.has(key)));
  if (map || typeof source.format !== 'string' || !formats.has(source.format)) return copy;
  const explicit = explicitProperties(source);
  const unbounded = { ...copy };
  const bound = source.format === 'float' ? FLOAT_BOUND : INT64_BOUND;
  if (source.format === 'int64') delete unbounded.format;
  if (!explicit.has('minimum') || source.minimum === -bound) delete unbounded.minimum;
  if (!explicit.has('maximum') || source.maximum === bound) delete unbounded.maximum;
  return unbounded;
}

/**
 * http-spec's bounds for float (2^128; 2^128 - 1 is the same double) and int64 (2^53 - 1). It clamps a
 * document's own wider bound to them, and beside `nullable` (Custom Vision's `nullable: false`) it lists
 * the bounds it added among the written ones: a bound of exactly this value is taken for the reader's.
 */
const FLOAT_BOUND = 2 ** 128;
const INT64_BOUND = Number.MAX_SAFE_INTEGER;

/**
 * The object with each child repaired, sharing every part the repair left as it was: the repaired
 * request schemas and `__bundled__` are held beside the operation's own, so a whole copy of a large
 * bundle would be held twice for each operation validated.
 */
function copyOfChildren(source: Record<string, unknown>, repair: (key: string, value: unknown) => unknown): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(source)) {
    const repaired = repair(key, value);
    if (repaired === value) continue;
    copy ??= { ...source };
    copy[key] = repaired;
  }
  return copy ?? source;
}

function sameOrCopy(source: readonly unknown[], repaired: unknown[]): readonly unknown[] {
  return repaired.every((item, i) => item === source[i]) ? source : repaired;
}

function explicitProperties(schema: Record<string, unknown>): Set<string> {
  const stoplight = schema['x-stoplight'] as { explicitProperties?: unknown } | undefined;
  const list = stoplight?.explicitProperties;
  return new Set(Array.isArray(list) ? list.map(String) : []);
}
