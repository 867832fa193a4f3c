/**
 * Prism's spec reader without its Postman path: the same reference parser, the same OAS 2/3
 * transformers (resolved from prism-http's own dependencies, so the versions are Prism's) and the same
 * post-processing as `getHttpOperationsFromSpec` in prism-http 5.12.0. Prism's reader also loads the
 * Postman transformer and postman-collection (~300 modules, ~130 ms of start-up) for a format the
 * mock never serves.
 */
import { arch, release, type } from 'node:os';
import { decycleShared } from './decycle-shared.js';
import { bundleTarget, decycle, prismVersion, RefParser, transformOas2Operations, transformOas3Operations } from './prism-internals.js';

/** Past this many values, the reader's copy of the document costs seconds and grows exponentially. */
const MAX_EXPANDED = 2_000_000;

/**
 * Reads and dereferences an OpenAPI 2 or 3 document and returns Prism's operations, as Prism's reader
 * does, with every file or URL the document drew on. `parsed` is the document already parsed from
 * `specPath` (the reader then reads only what it references); the reader dereferences it in place.
 */
export async function readPrismOperations(specPath: string, parsed?: object): Promise<{ operations: unknown[]; sources: string[] }> {
  const userAgent = `PrismMockServer/${prismVersion} (${type()} ${arch()} ${release()})`;
  const options = { resolve: { http: { headers: { 'User-Agent': userAgent } } } };
  const parser = new RefParser();
  const dereferenced = await (parsed === undefined ? parser.dereference(specPath, options) : parser.dereference(specPath, parsed, options));
  // The reader's own copy where it stays small (the same operations as Prism's, ids included); else one
  // that shares what the document shares, which large documents need to load in seconds rather than minutes.
  const shared = decycleShared(dereferenced);
  const document = (shared.expanded <= MAX_EXPANDED ? decycle(dereferenced) : shared.document) as Record<string, unknown>;
  let operations: unknown[];
  if (document.swagger !== undefined) operations = transformOas2Operations(document);
  else if (document.openapi !== undefined) operations = transformOas3Operations(document);
  else throw new Error('not an OpenAPI 2 or 3 document (Postman collections are not supported)');
  // Each operation becomes self-contained: references left by decycle are bundled under the operation.
  return {
    operations: operations.map((operation) =>
      bundleTarget({ document: { ...document, __target__: operation }, path: '#/__target__', cloneDocument: false }),
    ),
    sources: parser.$refs.paths(),
  };
}
