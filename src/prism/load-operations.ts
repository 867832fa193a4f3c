/**
 * Prism's spec reader without its Postman path: the same reference parser, the same OAS 2/3
 * transformers (resolved from prism-http's own dependencies, so the versions are Prism's) and the same
 * post-processing as `getHttpOperationsFromSpec` in prism-http 5.12.0. Prism's reader also loads the
 * Postman transformer and postman-collection (~300 modules, ~130 ms of start-up) for a format the
 * mock never serves.
 */
import { arch, release, type } from 'node:os';
import { bundleTarget, decycle, prismVersion, RefParser, transformOas2Operations, transformOas3Operations } from './prism-internals.js';

/** Reads and dereferences an OpenAPI 2 or 3 document and returns Prism's operations, as Prism's reader does. */
export async function readPrismOperations(specPath: string): Promise<unknown[]> {
  const userAgent = `PrismMockServer/${prismVersion} (${type()} ${arch()} ${release()})`;
  const document = decycle(
    await new RefParser().dereference(specPath, { resolve: { http: { headers: { 'User-Agent': userAgent } } } }),
  ) as Record<string, unknown>;
  let operations: unknown[];
  if (document.swagger !== undefined) operations = transformOas2Operations(document);
  else if (document.openapi !== undefined) operations = transformOas3Operations(document);
  else throw new Error('not an OpenAPI 2 or 3 document (Postman collections are not supported)');
  // Each operation becomes self-contained: references left by decycle are bundled under the operation.
  return operations.map((operation) =>
    bundleTarget({ document: { ...document, __target__: operation }, path: '#/__target__', cloneDocument: false }),
  );
}
