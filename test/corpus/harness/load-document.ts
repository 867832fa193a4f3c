/**
 * Reads a corpus document twice: with Prism's own loader (the operations its validateOutput checks
 * answers against) and as plain YAML (for the fixture's `x-corpus-cases`). Nothing runs on import:
 * prism-http takes seconds to load, so it is required on first use only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { CorpusDocument, FixtureCase, PrismOperation } from './types.js';

export const DOCUMENTS_DIR = fileURLToPath(new URL('../documents/', import.meta.url));

type GetOperations = (path: string) => Promise<PrismOperation[]>;
let getOperations: GetOperations | undefined;

function prismLoader(): GetOperations {
  getOperations ??= (createRequire(import.meta.url)('@stoplight/prism-http') as { getHttpOperationsFromSpec: GetOperations })
    .getHttpOperationsFromSpec;
  return getOperations;
}

/** The corpus's document files, sorted, as absolute paths. */
export function corpusFiles(): string[] {
  return readdirSync(DOCUMENTS_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(DOCUMENTS_DIR, f));
}

export async function loadDocument(file: string): Promise<CorpusDocument> {
  const raw = parse(readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, { 'x-corpus-cases'?: FixtureCase[] }>> };
  const operations = await prismLoader()(file);
  return {
    name: basename(file, '.yaml'),
    file,
    operations: operations.map((prism) => ({
      name: `${prism.method.toUpperCase()} ${prism.path}`,
      prism,
      cases: raw.paths?.[prism.path]?.[prism.method]?.['x-corpus-cases'] ?? [],
    })),
  };
}
