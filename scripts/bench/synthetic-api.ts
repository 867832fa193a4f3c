/**
 * Synthetic OpenAPI documents for the scale bench: N resources, each with list, create, read and
 * delete, a shared Error schema and bearer security, so 4N operations. Deterministic: the same size
 * always gives the same bytes.
 * Usage: tsx scripts/bench/synthetic-api.ts [OPERATIONS...]   (default 40 400 4000; writes .bench/)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

export const BENCH_DIR = fileURLToPath(new URL('../../.bench/', import.meta.url));
export const SIZES = [40, 400, 4000] as const;

const name = (i: number) => `r${String(i).padStart(4, '0')}`;
const ref = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({ description, content: json(ref('Error')) });

function resourcePaths(i: number): Record<string, object> {
  const r = name(i);
  const Item = `${r}Item`;
  const New = `${r}New`;
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } };
  return {
    [`/${r}`]: {
      get: {
        operationId: `list_${r}`,
        parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } }],
        responses: {
          '200': { description: 'the items', content: json({ type: 'array', items: ref(Item) }) },
          default: errorResponse('error'),
        },
      },
      post: {
        operationId: `create_${r}`,
        requestBody: { required: true, content: json(ref(New)) },
        responses: {
          '201': { description: 'created', content: json(ref(Item)) },
          '400': errorResponse('invalid'),
          default: errorResponse('error'),
        },
      },
    },
    [`/${r}/{id}`]: {
      get: {
        operationId: `read_${r}`,
        parameters: [idParam],
        responses: {
          '200': { description: 'the item', content: json(ref(Item)) },
          '404': errorResponse('not found'),
          default: errorResponse('error'),
        },
      },
      delete: {
        operationId: `delete_${r}`,
        parameters: [idParam],
        responses: { '204': { description: 'deleted' }, '404': errorResponse('not found'), default: errorResponse('error') },
      },
    },
  };
}

function resourceSchemas(i: number): Record<string, object> {
  const r = name(i);
  const fields = {
    name: { type: 'string', minLength: 1, maxLength: 64 },
    tag: { type: 'string', enum: ['a', 'b', 'c'] },
    size: { type: 'integer', format: 'int32', minimum: 0 },
  };
  return {
    [`${r}New`]: { type: 'object', required: ['name'], properties: fields, additionalProperties: false },
    [`${r}Item`]: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', format: 'int64' }, ...fields } },
  };
}

/** The document of `operations` operations (a multiple of 4). */
export function syntheticApi(operations: number): object {
  const resources = Math.ceil(operations / 4);
  const paths: Record<string, object> = {};
  const schemas: Record<string, object> = {
    Error: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'integer' }, message: { type: 'string' } } },
  };
  for (let i = 0; i < resources; i++) {
    Object.assign(paths, resourcePaths(i));
    Object.assign(schemas, resourceSchemas(i));
  }
  return {
    openapi: '3.0.3',
    info: { title: `Synthetic API, ${resources * 4} operations`, version: '1.0.0' },
    security: [{ bearer: [] }],
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}

/** A valid create request and a read, on the first and last resources (what the scale bench loads). */
export function probeRequests(operations: number) {
  const last = name(Math.ceil(operations / 4) - 1);
  return {
    create: { method: 'POST' as const, path: `/${name(0)}`, body: JSON.stringify({ name: 'bench', tag: 'a', size: 3 }) },
    read: { method: 'GET' as const, path: `/${last}/7` },
  };
}

/** Writes .bench/synthetic-N.json for every size (and .yaml for the smallest); returns the JSON paths. */
export function writeSyntheticApis(sizes: readonly number[] = SIZES): Map<number, string> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const written = new Map<number, string>();
  for (const size of sizes) {
    const document = syntheticApi(size);
    const path = `${BENCH_DIR}synthetic-${size}.json`;
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
    if (size === Math.min(...sizes)) writeFileSync(`${BENCH_DIR}synthetic-${size}.yaml`, stringify(document));
    written.set(size, path);
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = process.argv.slice(2).map(Number);
  for (const [size, path] of writeSyntheticApis(sizes.length > 0 ? sizes : SIZES)) process.stdout.write(`${size} operations: ${path}\n`);
}
