import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundleKeys, indexPrismOperations, readPrismOperations } from './load-operations.js';
import { withFormExplode } from './operation-repairs.js';

const { getHttpOperationsFromSpec } = createRequire(import.meta.url)('@stoplight/prism-http/dist/utils/operations') as {
  getHttpOperationsFromSpec: (path: string) => Promise<unknown[]>;
};
/** Prism's own reader, with the one default the mock writes out for OpenAPI 3 (see withFormExplode). */
async function prismReads(path: string): Promise<unknown[]> {
  const operations = await getHttpOperationsFromSpec(path);
  return /^\s*"?swagger"?\s*:/m.test(await readFile(path, 'utf8')) ? operations : operations.map(withFormExplode);
}
const file = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

describe('readPrismOperations', () => {
  it.each([
    'openapi.yaml',
    'test/fixtures/pets.yaml',
    'test/fixtures/plants-swagger2.yaml',
    'test/hot-path/fixtures/parameters.yaml',
    'test/hot-path/fixtures/security.yaml',
  ])('reads %s into exactly the operations Prism’s own reader gives (OAS 3 and 2)', async (spec) => {
    const ours = (await readPrismOperations(file(spec))).operations;
    expect(ours.length).toBeGreaterThan(0);
    expect(ours).toEqual(await prismReads(file(spec)));
  });

  it('gives the same operations from a document parsed beforehand, and names the files it read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parsed-'));
    const path = join(dir, 'pets.json');
    const document = parse(await readFile(file('test/fixtures/pets.yaml'), 'utf8'));
    await writeFile(path, JSON.stringify(document));
    const read = await readPrismOperations(path);
    const parsed = await readPrismOperations(path, JSON.parse(JSON.stringify(document)));
    expect(parsed.operations).toEqual(read.operations);
    expect(parsed.sources).toEqual([path]);
    await rm(dir, { recursive: true });
  });

  it('rejects a document that is neither OpenAPI 2 nor 3, such as a Postman collection', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'postman-'));
    const collection = join(dir, 'collection.json');
    await writeFile(collection, JSON.stringify({ info: { name: 'c', schema: 'collection/v2.1.0' }, item: [] }));
    await expect(readPrismOperations(collection)).rejects.toThrow(/not an OpenAPI 2 or 3 document/);
    await rm(dir, { recursive: true });
  });
});

/** Operations with every `$ref` resolved against their own root, to compare readings whose references are bundled differently. */
function resolved(value: unknown, root: unknown = value, depth = 0): unknown {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolved(item, root, depth + 1));
  const node = value as Record<string, unknown>;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, token) => (at as Record<string, unknown>)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    return resolved(target, root, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== '__bundled__')
      .map(([key, item]) => [key, resolved(item, root, depth + 1)]),
  );
}

const SHARED = `
openapi: 3.0.3
info: { title: shared, version: '1' }
paths:
  /trees:
    parameters: [{ $ref: '#/components/parameters/Limit' }]
    get:
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Tree' } } } } }
    post:
      requestBody: { $ref: '#/components/requestBodies/NewTree' }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Tree' } } } }
        default: { $ref: '#/components/responses/Error' }
  /trees/{id}:
    $ref: '#/components/x-items/Item'
components:
  x-items:
    Item:
      get:
        parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
        responses:
          '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Tree' }, example: { name: oak, children: [] } } } }
  parameters:
    Limit: { name: limit, in: query, schema: { type: integer, maximum: 50 } }
  requestBodies:
    NewTree: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Tree' } } } }
  responses:
    Error: { description: error, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  schemas:
    Tree:
      type: object
      required: [name]
      properties:
        name: { type: string }
        children: { type: array, items: { $ref: '#/components/schemas/Tree' } }
        owner: { $ref: '#/components/schemas/Error', description: an extended reference }
    Error: { type: object, properties: { code: { type: integer } } }
`;

describe('indexPrismOperations', () => {
  async function written(name: string, text: string): Promise<{ path: string; done: () => Promise<void> }> {
    const dir = await mkdtemp(join(tmpdir(), 'index-'));
    const path = join(dir, name);
    await writeFile(path, text);
    return { path, done: () => rm(dir, { recursive: true }) };
  }

  it('lists every operation at once and reads each, on first use, into what Prism’s reader gives for it (shared, cyclic and extended references)', async () => {
    const { path, done } = await written('shared.yaml', SHARED);
    const index = await indexPrismOperations(path);
    expect(index.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['get /trees', 'post /trees', 'get /trees/{id}']);
    const prism = (await prismReads(path)) as Record<string, unknown>[];
    for (const [i, operation] of index.operations.entries()) {
      const read = operation.read();
      expect(operation.read()).toBe(read);
      expect(resolved(read)).toEqual(resolved(prism[i]));
    }
    await done();
  });

  it.each([
    'test/api/fixtures/path-templates.yaml',
    'test/fixtures/plants-swagger2.yaml',
    'test/fixtures/plantstore-crud.yaml',
    'test/hot-path/fixtures/security.yaml',
    'test/security/fixtures/api-keys.yaml',
  ])('knows the servers and API keys of %s without reading its operations, as Prism’s reader gives them', async (spec) => {
    const index = await indexPrismOperations(file(spec));
    for (const operation of index.operations) {
      const read = operation.read() as {
        servers?: { url: string; variables?: unknown }[];
        security?: { type: string; in?: string; name?: string }[][];
      };
      expect(operation.servers).toEqual((read.servers ?? []).map(({ url, variables }) => (variables ? { url, variables } : { url })));
      for (const scheme of (read.security ?? []).flat().filter((s) => s.type === 'apiKey'))
        expect(operation.apiKeys).toContainEqual({
          in: scheme.in === 'header' || scheme.in === 'cookie' ? scheme.in : 'query',
          name: scheme.name,
        });
    }
  });

  it('reads nothing of an operation until it is asked for', async () => {
    const { path, done } = await written('lazy.json', JSON.stringify(parse(SHARED)));
    const document = parse(SHARED);
    const index = await indexPrismOperations(path, document);
    const schemaOf = (method: string) =>
      document.paths['/trees'][method].responses[method === 'get' ? '200' : '201'].content['application/json'].schema;
    expect(schemaOf('get').items).toEqual({ $ref: '#/components/schemas/Tree' });
    expect(schemaOf('post')).toEqual({ $ref: '#/components/schemas/Tree' });
    index.operations[0]?.read();
    expect(schemaOf('get').items).toBe(document.components.schemas.Tree);
    expect(schemaOf('post')).toEqual({ $ref: '#/components/schemas/Tree' });
    await done();
  });

  it('fails at load, naming the pointer, when a reference points at nothing', async () => {
    const { path, done } = await written(
      'broken-ref.yaml',
      SHARED.replace("'#/components/schemas/Error', description", "'#/components/schemas/Nope', description"),
    );
    await expect(indexPrismOperations(path)).rejects.toThrow('Error resolving $ref pointer "#/components/schemas/Nope"');
    await done();
  });

  it('reads a document that references another file whole, as Prism does, and names that file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'external-'));
    await writeFile(join(dir, 'schemas.yaml'), 'Tree: { type: object, properties: { name: { type: string } } }\n');
    const path = join(dir, 'api.yaml');
    await writeFile(
      path,
      SHARED.replace("items: { $ref: '#/components/schemas/Tree' } } } } }", "items: { $ref: './schemas.yaml#/Tree' } } } } }"),
    );
    const index = await indexPrismOperations(path);
    expect(index.sources.some((source) => source.endsWith('schemas.yaml'))).toBe(true);
    expect(index.operations.map((o) => o.read())).toEqual(await prismReads(path));
    await rm(dir, { recursive: true });
  });
});

describe('bundleKeys', () => {
  it("gives Prism's names, numbered past its limit of 20, never one taken before", () => {
    const key = bundleKeys();
    const document = { a: { allOf: [{}] }, allOf_0_21: {} };
    const names = Array.from({ length: 25 }, () => key({ document, path: ['a', 'allOf', '0'] }));
    expect(names.slice(0, 3)).toEqual(['allOf_0', 'allOf_0_2', 'allOf_0_3']);
    expect(names[24]).toBe('allOf_0_25');
    // The document's own part of that name comes after: it gets a new one, not a second `allOf_0_21`.
    expect(key({ document, path: ['allOf_0_21'] })).toBe('allOf_0_21_2');
    expect(new Set(names).size).toBe(25);
  });
});
