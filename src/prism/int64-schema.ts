/**
 * http-spec gives every int64 schema the bounds ±(2^53-1), and ajv-formats' `int64` stops there too, so
 * Prism would reject most of the int64 range. The copy of the request schemas that Prism validates
 * against keeps int64 fields as plain integers; src/pipeline/int-range.ts checks the exact range.
 */
type Node = unknown;

interface WithRequestBody {
  request?: { body?: { contents?: { schema?: Readonly<Record<string, unknown>> }[] } };
}

export function forPrismValidation<T extends WithRequestBody>(operation: T): T {
  const body = operation.request?.body;
  if (!body?.contents) return operation;
  const contents = body.contents.map((c) => (c.schema ? { ...c, schema: withoutInt64Bounds(c.schema) as typeof c.schema } : c));
  return { ...operation, request: { ...operation.request, body: { ...body, contents } } };
}

function withoutInt64Bounds(node: Node): Node {
  if (Array.isArray(node)) return node.map(withoutInt64Bounds);
  if (node === null || typeof node !== 'object') return node;
  const source = node as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) copy[key] = withoutInt64Bounds(value);
  if (source.format === 'int64') {
    const explicit = explicitProperties(source);
    delete copy.format;
    if (!explicit.has('minimum')) delete copy.minimum;
    if (!explicit.has('maximum')) delete copy.maximum;
  }
  return copy;
}

function explicitProperties(schema: Record<string, unknown>): Set<string> {
  const stoplight = schema['x-stoplight'] as { explicitProperties?: unknown } | undefined;
  const list = stoplight?.explicitProperties;
  return new Set(Array.isArray(list) ? list.map(String) : []);
}
