/**
 * Issue item 13.9: forcing (`Prefer: code=`, `example=`, `__code`, `__example`), scenarios, the
 * journal and the metrics work on every operation of every corpus document, not only the Plant Store's.
 * One server per document, with one scenario that delays every call and otherwise answers as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { serverWith } from '../support/scenarios.js';
import { buildRequests } from './harness/build-requests.js';
import { defaultStatus, responseFor } from './harness/documented.js';
import { corpusFiles, loadDocument } from './harness/load-document.js';
import type { CorpusOperation, CorpusRequest } from './harness/types.js';

const documents = await Promise.all(corpusFiles().map(loadDocument));
const SCENARIO = 'every-call';

function validRequest(operation: CorpusOperation): CorpusRequest {
  const valid = buildRequests(operation).find((r) => r.kind === 'valid');
  if (!valid) throw new Error(`no valid request for ${operation.name}`);
  return valid;
}

function withQuery(url: string, pair: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${pair}`;
}

/** The operation's name in the journal and metrics: its operationId, else `METHOD path`. */
function operationId(operation: CorpusOperation): string {
  return operation.prism.iid ?? `${operation.prism.method.toUpperCase()} ${operation.prism.path}`;
}

/** The default response's named JSON examples. */
function namedJsonExamples(operation: CorpusOperation): { name: string; value: unknown }[] {
  const content = responseFor(operation.prism, defaultStatus(operation.prism))?.contents?.[0];
  if (!content || !/json/i.test(content.mediaType)) return [];
  return (content.examples ?? []).filter((e) => e.value !== undefined).map((e) => ({ name: e.key, value: e.value }));
}

describe.each(documents)('corpus document $name: forcing, scenarios, journal, metrics', (document) => {
  let server: MockServer & { cleanup: () => Promise<void> };
  const send = (request: CorpusRequest, extra: { url?: string; headers?: Record<string, string> } = {}) =>
    server.inject({
      method: request.method as 'GET',
      url: extra.url ?? request.url,
      headers: { ...request.headers, ...extra.headers },
      payload: request.payload,
    });

  // Operations whose valid request the mock answers (a few wait for item 13.1 and are rejected).
  let answered: CorpusOperation[] = [];
  beforeAll(async () => {
    server = await serverWith(
      {
        [`${SCENARIO}.yaml`]:
          "description: Every call answers as usual after 1 ms.\nrules:\n  - operation: '*'\n    respond:\n      delay: 1\n",
      },
      { spec: document.file, seed: 1, logLevel: 'silent' },
    );
    answered = [];
    for (const operation of document.operations) {
      if ((await send(validRequest(operation))).headers['x-mock-error'] === undefined) answered.push(operation);
    }
  });
  afterAll(() => server.cleanup());

  it('__code and Prefer: code= answer every documented status of every operation', async () => {
    for (const operation of answered) {
      const request = validRequest(operation);
      for (const status of operation.prism.responses.map((r) => Number(r.code)).filter(Number.isInteger)) {
        const byQuery = await send(request, { url: withQuery(request.url, `__code=${status}`) });
        const byHeader = await send(request, { headers: { prefer: `code=${status}` } });
        expect([byQuery.statusCode, byHeader.statusCode], `${operation.name} code=${status}`).toEqual([status, status]);
      }
    }
  });

  it('__example and Prefer: example= answer each named example', async () => {
    for (const operation of answered) {
      const request = validRequest(operation);
      for (const example of namedJsonExamples(operation)) {
        const byQuery = await send(request, { url: withQuery(request.url, `__example=${encodeURIComponent(example.name)}`) });
        const byHeader = await send(request, { headers: { prefer: `example=${example.name}` } });
        for (const response of [byQuery, byHeader]) {
          expect(response.statusCode, `${operation.name} example=${example.name}`).toBe(defaultStatus(operation.prism));
          expect(JSON.parse(response.body)).toEqual(JSON.parse(JSON.stringify(example.value)));
        }
      }
    }
  });

  it('a scenario answers every operation as it would without one, and the journal and metrics see every call', async () => {
    expect(answered.length).toBeGreaterThan(0);
    for (const operation of answered) {
      const request = validRequest(operation);
      const plain = await send(request);
      const scenario = await send(request, { headers: { 'x-mock-scenario': SCENARIO } });
      expect(scenario.statusCode, operation.name).toBe(plain.statusCode);
      expect(scenario.statusCode, operation.name).toBeLessThan(500);
    }
    const journal = (await server.inject('/__mock/journal?limit=1000')).json() as { entries: { operation: string | null }[] };
    const metrics = (await server.inject('/__mock/metrics')).body;
    for (const operation of answered) {
      const id = operationId(operation);
      expect(
        journal.entries.some((entry) => entry.operation === id),
        `${id} in the journal`,
      ).toBe(true);
      expect(metrics, `${id} in the metrics`).toContain(`operation="${id}",status=`);
      expect(metrics).toContain(`operation="${id}",status="${(await send(validRequest(operation))).statusCode}",scenario="${SCENARIO}"`);
    }
  });
});
