/**
 * The copy of the request schemas that Prism validates against, with two repairs:
 * - http-spec gives every int64 schema the bounds ±(2^53-1), and ajv-formats' `int64` stops there too,
 *   so Prism would reject most of the int64 range: int64 fields stay plain integers here, and
 *   src/pipeline/int-range.ts checks the exact range;
 * - OpenAPI 3.0's `nullable: true` beside `anyOf`/`oneOf`/`allOf` but no `type` (common: Stripe's
 *   expandable fields) makes Ajv refuse to compile the schema, and Prism then checks nothing at all of
 *   the body: here it becomes `anyOf: [the schema, {type: 'null'}]`, what it means.
 */
type Node = unknown;

interface WithRequestBody {
  request?: { body?: { contents?: { schema?: Readonly<Record<string, unknown>> }[] } };
  __bundled__?: Record<string, unknown>;
}

export function forPrismValidation<T extends WithRequestBody>(operation: T): T {
  const body = operation.request?.body;
  if (!body?.contents) return operation;
  const contents = body.contents.map((c) =>
    c.schema ? { ...c, schema: withNullableTyped(withoutInt64Bounds(c.schema)) as typeof c.schema } : c,
  );
  const bundled = operation.__bundled__;
  const repaired = { ...operation, request: { ...operation.request, body: { ...body, contents } } };
  return bundled ? { ...repaired, __bundled__: withNullableTyped(bundled, true) as Record<string, unknown> } : repaired;
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

function withoutInt64Bounds(node: Node): Node {
  if (Array.isArray(node)) return sameOrCopy(node, node.map(withoutInt64Bounds));
  if (node === null || typeof node !== 'object') return node;
  const source = node as Record<string, unknown>;
  const copy = copyOfChildren(source, (_key, value) => withoutInt64Bounds(value));
  if (source.format !== 'int64') return copy;
  const explicit = explicitProperties(source);
  const unbounded = { ...copy };
  delete unbounded.format;
  if (!explicit.has('minimum')) delete unbounded.minimum;
  if (!explicit.has('maximum')) delete unbounded.maximum;
  return unbounded;
}

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
