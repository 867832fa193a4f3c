/**
 * The property over the corpus: requests generated from each operation's own schemas get a
 * documented answer when valid, and a documented or catalogued 4xx (for the right failure) when they
 * carry one defect. Cases known to fail (known-gaps.ts) are left out here; conformance.test.ts keeps
 * them visible. Seeded and bounded, so a failure replays.
 */
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { partsArbitrary } from './harness/arbitraries.js';
import { buildRequests, validParts } from './harness/build-requests.js';
import { checkAnswer, describeRequest } from './harness/check-answer.js';
import { caseKey, gapsByCase } from './harness/gaps.js';
import { corpusFiles, loadDocument } from './harness/load-document.js';
import { KNOWN_GAPS, PROPERTY_GAPS } from './known-gaps.js';

const RUNS = 200;
const documents = await Promise.all(corpusFiles().map(loadDocument));
const gaps = gapsByCase(KNOWN_GAPS);
const skipped = new Set(PROPERTY_GAPS.flatMap((g) => g.kinds.map((kind) => caseKey(g.document, g.operation, kind))));
const leftOut = (document: string, operation: string, kind: string) =>
  kind.startsWith('case:') || gaps.has(caseKey(document, operation, kind)) || skipped.has(caseKey(document, operation, kind));
const targets = documents.flatMap((document) => document.operations.map((operation) => ({ document, operation })));

const servers = new Map<string, Promise<MockServer>>();
function serverFor(file: string): Promise<MockServer> {
  const server = servers.get(file) ?? createMockServer({ spec: file, seed: 1, logLevel: 'silent', strictAccept: true });
  servers.set(file, server);
  return server;
}
afterAll(async () => {
  await Promise.all([...servers.values()].map(async (s) => (await s).close()));
});

/** One generated request: an operation, generated valid parts, and which of its variants to send. */
const requestArbitrary = fc
  .constantFrom(...targets)
  .chain(({ document, operation }) =>
    fc.tuple(fc.constant({ document, operation }), partsArbitrary(operation, validParts(operation)), fc.nat()),
  )
  .map(([{ document, operation }, parts, pick]) => {
    // Fixture cases carry fixed expectations and known gaps fail already: neither is the property's.
    const candidates = buildRequests(operation, parts).filter((r) => !leftOut(document.name, operation.name, r.kind));
    const request = candidates[pick % Math.max(1, candidates.length)];
    // fast-check prints this when the property fails: keep it to what identifies the request.
    return (
      request && {
        document,
        operation,
        request,
        toString: () => `${document.name} ${operation.name} ${request.kind}: ${describeRequest(request)}`,
      }
    );
  })
  .filter((x) => x !== undefined);

it('generated requests get a documented answer, or a documented or catalogued 4xx for their defect', async () => {
  await fc.assert(
    fc.asyncProperty(requestArbitrary, async (generated) => {
      const { document, operation, request } = generated;
      const server = await serverFor(document.file);
      const response = await server.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
      });
      const answer = { status: response.statusCode, headers: response.headers, body: response.body };
      const found = checkAnswer(operation.prism, request, answer);
      if (request.failure && (answer.status < 400 || answer.status > 499))
        found.push({ rule: 'status-for-failure', detail: `not a 4xx: ${answer.status}` });
      expect(found, `${document.name} ${operation.name} ${request.kind}: ${describeRequest(request)}`).toEqual([]);
    }),
    { numRuns: RUNS, seed: Number(process.env.CORPUS_SEED ?? 20_260_101) },
  );
});
