/**
 * Every JSON answer valid, as a property: fast-check draws an operation of the corpus (and of the
 * fixtures of issue 28), a valid request generated from its schemas (or one with a defect), and a
 * source for the answer: as built (static: example, default, echo), generated (`Prefer: dynamic=true`,
 * `seed=N`), a named example of a documented status, the stateful simulator, or a rejection shaped by
 * the document. Whatever the source, a JSON answer must validate against the schema the document gives
 * its status and media type, judged by Ajv on the document as written (independent/ajv-judge.ts):
 * neither the mock's checks nor Prism's. Seeded and bounded in runs and time; `CORPUS_SEED` replays.
 */
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { partsArbitrary } from './harness/arbitraries.js';
import { buildRequests, validParts } from './harness/build-requests.js';
import { describeRequest } from './harness/check-answer.js';
import { corpusFiles, loadDocument } from './harness/load-document.js';
import type { CorpusRequest } from './harness/types.js';
import { ajvJudge, type Judge } from './independent/ajv-judge.js';

const RUNS = 250;
const TIME_LIMIT_MS = 90_000;
const fixture = (name: string) => new URL(`../api/fixtures/${name}.yaml`, import.meta.url).pathname;
const extra = [
  'harness-gaps',
  'invalid-examples',
  'invalid-request-examples',
  'path-templates',
  'media-both-ways',
  'identifiers',
  'records-by-id',
].map(fixture);
const files = [...corpusFiles(), ...extra, new URL('../fixtures/plantstore-crud.yaml', import.meta.url).pathname];
const documents = await Promise.all(files.map(loadDocument));
const judges = new Map<string, Judge>(files.map((file) => [file, ajvJudge(file)]));
const targets = documents.flatMap((document) => document.operations.map((operation) => ({ document, operation })));

const SOURCES = ['as-built', 'seeded', 'named-example', 'stateful'] as const;
type Source = (typeof SOURCES)[number];
/** What a request of each kind exercises: answers (static, generated, forced) and rejections shaped by the document. */
const KINDS = new Set<string>([
  'valid',
  'dynamic',
  'forced-status',
  'missing-body-field',
  'wrong-type',
  'no-credentials',
  'wrong-content-type',
  'unacceptable-accept',
]);

const servers = new Map<string, Promise<MockServer>>();
function serverFor(file: string, stateful: boolean): Promise<MockServer> {
  const key = `${stateful} ${file}`;
  const server = servers.get(key) ?? createMockServer({ spec: file, seed: 1, stateful, logLevel: 'silent' });
  servers.set(key, server);
  return server;
}
afterAll(async () => {
  await Promise.all([...servers.values()].map(async (s) => (await s).close()));
});

/** The request steered to its source: a `Prefer` added where the source asks for one. */
function steer(request: CorpusRequest, source: Source, seed: number, examples: readonly string[], pick: number): CorpusRequest {
  const add = (prefer: string) => {
    const before = request.headers.prefer;
    return { ...request, headers: { ...request.headers, prefer: before ? `${before}, ${prefer}` : prefer } };
  };
  if (source === 'seeded') return add(`seed=${seed}`);
  if (source === 'named-example' && examples.length > 0) return add(examples[pick % examples.length] as string);
  return request;
}

const generatedCase = fc
  .constantFrom(...targets)
  .chain(({ document, operation }) =>
    fc.record({
      target: fc.constant({ document, operation }),
      parts: partsArbitrary(operation, validParts(operation)),
      source: fc.constantFrom(...SOURCES),
      seed: fc.nat({ max: 1000 }),
      pick: fc.nat(),
    }),
  )
  .map(({ target: { document, operation }, parts, source, seed, pick }) => {
    const candidates = buildRequests(operation, parts).filter((r) => KINDS.has(r.kind));
    const built = candidates[pick % Math.max(1, candidates.length)];
    if (!built) return undefined;
    // Named examples of numeric statuses: `Prefer: code=S, example=NAME`.
    const examples = operation.prism.responses.flatMap((response) =>
      /^\d{3}$/.test(response.code)
        ? (response.contents ?? []).flatMap((content) => (content.examples ?? []).map((e) => `code=${response.code}, example=${e.key}`))
        : [],
    );
    const request = built.kind === 'valid' ? steer(built, source, seed, examples, pick) : built;
    return {
      document,
      operation,
      request,
      stateful: source === 'stateful',
      toString: () => `${document.name} ${operation.name} ${request.kind} (${source}): ${describeRequest(request)}`,
    };
  })
  .filter((x) => x !== undefined);

it('every JSON answer validates against its documented schema, whatever its source', async () => {
  // What was judged, by the answer's source and status class: the property must not hold by judging nothing.
  const judged = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(generatedCase, async ({ document, operation, request, stateful }) => {
      const server = await serverFor(document.file, stateful);
      const response = await server.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
      });
      const mediaType = String(response.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      // An invalid example asked for by name is served as asked, and says so: it is not the mock's own answer.
      if (!mediaType || !/json/.test(mediaType) || response.body === '' || response.headers['x-mock-findings'] !== undefined) return;
      const judge = judges.get(document.file) as Judge;
      const source = `${stateful ? 'stateful' : (request.headers.prefer ?? 'as-built').replace(/=.*/, '')} ${String(response.statusCode)[0]}xx`;
      judged.set(source, (judged.get(source) ?? 0) + 1);
      const problems = judge(operation.prism.path, operation.prism.method, response.statusCode, mediaType, JSON.parse(response.body));
      expect(problems, `${response.statusCode} ${response.body.slice(0, 300)}`).toEqual([]);
    }),
    {
      numRuns: RUNS,
      seed: Number(process.env.CORPUS_SEED ?? 20_261_125),
      interruptAfterTimeLimit: TIME_LIMIT_MS,
      markInterruptAsFailure: false,
    },
  );
  const total = [...judged.values()].reduce((a, b) => a + b, 0);
  expect(total, JSON.stringify(Object.fromEntries(judged))).toBeGreaterThan(RUNS / 4);
  for (const kind of ['as-built 2xx', 'stateful 2xx', 'seed 2xx', 'code 2xx', 'as-built 4xx'])
    expect(judged.get(kind) ?? 0, `${kind}: ${JSON.stringify(Object.fromEntries(judged))}`).toBeGreaterThan(0);
}, 150_000);
