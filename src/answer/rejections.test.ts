import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DataGenerator } from '../generate/data-generator.js';
import { jsonTextOf } from '../json/stringify-json.js';
import { loadSpec } from '../load/load-spec.js';
import type { MockOperation } from '../openapi/operation.js';
import { newExchange } from '../pipeline/session.js';
import type { Exchange } from '../pipeline/types.js';
import { type Finding, problemResponse } from '../problem.js';
import { decideProblem } from './decide-status.js';
import { ErrorShapes } from './error-shape.js';
import { createRejections } from './rejections.js';

const spec = await loadSpec(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)));
const createPlant = spec.operations.find((o) => o.id === 'createPlant') as MockOperation;
const shapes = new ErrorShapes(new DataGenerator(1));
const exchangeFor = (operation: MockOperation | undefined, headers: Exchange['headers'] = {}): Exchange => ({
  ...newExchange('POST', '/plants', {}, { 'content-type': 'application/json', ...headers }, Buffer.from('{"id":"x"}')),
  operation,
});
const frozen = (findings: Finding[]): readonly Finding[] => Object.freeze(findings.map((f) => Object.freeze({ ...f })));
const afresh = (findings: readonly Finding[], exchange: Exchange) => {
  const problem = decideProblem(findings, exchange, shapes);
  return { problem, answer: { response: problemResponse(problem), provenance: { kind: 'rejected', code: problem.code, findings } } };
};

describe('rejections', () => {
  it('answers a list of findings the body check remembers with one problem and answer, as they are made afresh', () => {
    const findings = frozen([
      { location: 'body', path: ['id'], code: 'type', message: 'must be integer' },
      { location: 'body', path: ['name'], code: 'required', message: 'is required' },
    ]);
    const rejections = createRejections(shapes);
    const problem = rejections.problem(findings, exchangeFor(createPlant));
    const answer = rejections.answer(problem, findings);
    expect(rejections.problem(findings, exchangeFor(createPlant))).toBe(problem);
    expect(rejections.answer(problem, findings)).toBe(answer);
    const expected = afresh(findings, exchangeFor(createPlant));
    expect(problem).toEqual(expected.problem);
    expect(answer).toEqual(expected.answer);
    expect(Object.isFrozen(answer.response) && Object.isFrozen(answer.response.headers)).toBe(true);
    expect(jsonTextOf(answer.response.body)).toBe(JSON.stringify(expected.answer.response.body));
  });

  it('decides afresh what depends on more than the findings and the operation, or may change', () => {
    const rejections = createRejections(shapes);
    // A 401's challenge depends on whether credentials were sent.
    const security = frozen([{ location: 'security', path: [], code: 'missing-credentials', message: 'No credentials' }]);
    for (const headers of [{}, { authorization: 'Basic x' }, {}]) {
      const exchange = exchangeFor(createPlant, headers);
      expect(rejections.answer(rejections.problem(security, exchange), security)).toEqual(afresh(security, exchange).answer);
    }
    const unfrozen: Finding[] = [{ location: 'body', path: ['id'], code: 'type', message: 'must be integer' }];
    const first = rejections.problem(unfrozen, exchangeFor(createPlant));
    expect(rejections.problem(unfrozen, exchangeFor(createPlant))).not.toBe(first);
    expect(rejections.answer(first, unfrozen)).not.toBe(rejections.answer(first, unfrozen));
  });

  it('decides a remembered list again for another operation', () => {
    const findings = frozen([{ location: 'body', path: [], code: 'body-required', message: 'is required' }]);
    const rejections = createRejections(shapes);
    const plants = rejections.problem(findings, exchangeFor(createPlant));
    const none = rejections.problem(findings, exchangeFor(undefined));
    expect(none).not.toBe(plants);
    expect(none).toEqual(afresh(findings, exchangeFor(undefined)).problem);
    expect(plants).toEqual(afresh(findings, exchangeFor(createPlant)).problem);
  });
});
