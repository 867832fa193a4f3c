import { rememberJsonText } from '../json/stringify-json.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Answer, Exchange } from '../pipeline/types.js';
import { type Finding, type Problem, problemResponse } from '../problem.js';
import { decideProblem } from './decide-status.js';
import type { ErrorShapes } from './error-shape.js';

/** Where a finding leaves its problem to the findings and the operation alone (decide-status.ts, bodyProblem). */
const OPERATION_ONLY = new Set<Finding['location']>(['body', 'query', 'header', 'path', 'cookie']);

/** How the pipeline turns findings into a problem, then into the answer that rejects the request. */
export interface Rejections {
  problem(findings: readonly Finding[], exchange: Exchange): Problem;
  answer(problem: Problem, findings: readonly Finding[]): Answer;
}

/**
 * decideProblem and problemResponse, made once for a list of findings a stage remembers (a frozen
 * list, the same for every request that breaks a schema the same way; see checkInput) when its
 * problem depends on nothing else than the list and the operation. The remembered problem and answer
 * are frozen, and shared by every request that gets them: nothing downstream changes an answer or a
 * provenance, it makes new ones. Other findings are decided and answered afresh, as they always were.
 */
export function createRejections(shapes: ErrorShapes | undefined): Rejections {
  const problems = new WeakMap<readonly Finding[], { readonly operation: MockOperation | undefined; readonly problem: Problem }>();
  const answers = new WeakMap<Problem, Answer>();
  return {
    problem(findings, exchange) {
      const first = findings[0];
      if (first === undefined || !Object.isFrozen(findings) || !OPERATION_ONLY.has(first.location))
        return decideProblem(findings, exchange, shapes);
      const known = problems.get(findings);
      if (known !== undefined && known.operation === exchange.operation) return known.problem;
      const problem = frozen(decideProblem(findings, exchange, shapes));
      problems.set(findings, { operation: exchange.operation, problem });
      return problem;
    },
    answer(problem, findings) {
      const remembered = Object.isFrozen(problem) && problem.findings === findings;
      const known = remembered ? answers.get(problem) : undefined;
      if (known !== undefined) return known;
      const answer: Answer = { response: problemResponse(problem), provenance: { kind: 'rejected', code: problem.code, findings } };
      if (!remembered) return answer;
      const { body, headers } = answer.response;
      Object.freeze(headers);
      if (typeof body === 'object' && body !== null && !ArrayBuffer.isView(body) && answer.response.payload === undefined) {
        Object.freeze(body);
        rememberJsonText(body);
      }
      Object.freeze(answer.response);
      Object.freeze(answer.provenance);
      answers.set(problem, Object.freeze(answer));
      return answer;
    },
  };
}

function frozen(problem: Problem): Problem {
  if (problem.params) Object.freeze(problem.params);
  if (problem.headers) Object.freeze(problem.headers);
  return Object.freeze(problem);
}
