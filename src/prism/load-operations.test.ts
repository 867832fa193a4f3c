import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readPrismOperations } from './load-operations.js';

const { getHttpOperationsFromSpec } = createRequire(import.meta.url)('@stoplight/prism-http/dist/utils/operations') as {
  getHttpOperationsFromSpec: (path: string) => Promise<unknown[]>;
};
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
    expect(ours).toEqual(await getHttpOperationsFromSpec(file(spec)));
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
