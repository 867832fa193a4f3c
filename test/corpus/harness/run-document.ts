/**
 * Runs a document's requests through the mock in-process (createMockServer + inject) and checks each
 * answer. Returns one result per operation and request kind; never throws (a mock that cannot load
 * the document, or a request that throws, becomes a violation of every case it touches).
 */
import { createMockServer } from '../../../src/index.js';
import { buildRequests } from './build-requests.js';
import { checkAnswer, describeRequest, toViolations } from './check-answer.js';
import type { Answer, CorpusDocument, CorpusOperation, CorpusRequest, RequestKind, Rule, Violation } from './types.js';

export interface CaseResult {
  readonly document: string;
  readonly operation: string;
  readonly kind: RequestKind;
  readonly request: CorpusRequest;
  readonly answer: Answer | undefined;
  readonly violations: readonly Violation[];
}

/** Sends a request somewhere (inject, or a socket in the fuzz script) and returns the answer. */
export type Send = (request: CorpusRequest) => Promise<Answer>;

export async function runDocument(document: CorpusDocument, send?: Send): Promise<CaseResult[]> {
  let close = async () => {};
  let sender = send;
  let loadError: string | undefined;
  if (!sender) {
    try {
      // Strict negotiation: each operation's refusals, 406 included, are what the corpus judges.
      const server = await createMockServer({ spec: document.file, seed: 1, logLevel: 'silent', strictAccept: true });
      close = async () => {
        await server.close();
      };
      sender = async (request) => {
        const response = await server.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          payload: request.payload,
        });
        return { status: response.statusCode, headers: response.headers, body: response.body };
      };
    } catch (error) {
      loadError = `the mock refused the document: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const results: CaseResult[] = [];
  try {
    for (const operation of document.operations) {
      for (const request of buildRequests(operation)) {
        const base = { document: document.name, operation: operation.name, kind: request.kind, request };
        if (!sender) {
          const violation = { ...base, request: describeRequest(request), rule: 'no-5xx' as const, detail: loadError ?? '' };
          results.push({ ...base, answer: undefined, violations: [violation] });
          continue;
        }
        let answer: Answer;
        try {
          answer = await sender(request);
        } catch (error) {
          // inject() itself rejected (or the socket broke): worse than a 500, the mock did not answer.
          const detail = `the request failed: ${error instanceof Error ? error.message : String(error)}`;
          const violations = toViolations(document.name, operation.name, request, [{ rule: 'no-5xx', detail }]);
          results.push({ ...base, answer: undefined, violations });
          continue;
        }
        results.push({
          ...base,
          answer,
          violations: toViolations(document.name, operation.name, request, safeCheck(operation, request, answer)),
        });
      }
    }
  } finally {
    await close().catch(() => {});
  }
  return results;
}

/** A check that throws is the harness's fault, not the mock's: it is reported as such, under its own name. */
function safeCheck(operation: CorpusOperation, request: CorpusRequest, answer: Answer): { rule: Rule; detail: string }[] {
  try {
    return checkAnswer(operation.prism, request, answer);
  } catch (error) {
    return [{ rule: 'harness', detail: `the check itself failed: ${error instanceof Error ? error.message : String(error)}` }];
  }
}
