import type { MockOperation } from '../../openapi/operation.js';
import { compileRule } from '../compile-rule.js';
import { checkStep, OFF_CONTRACT_HINT } from '../contract-check.js';
import type { RespondParts } from '../respond-rule.js';
import type { RecordedStep } from './recorded-exchange.js';

/**
 * The check a scenario file's steps get at load time, for a recorded answer: what it breaks, or
 * undefined. The drift check already caught most; this one catches what only a replay would.
 */
export function recordedStepCheck(
  operations: readonly MockOperation[],
  parts: RespondParts,
): (operationId: string, step: RecordedStep) => string | undefined {
  return (operationId, step) => {
    const operation = operations.find((op) => op.id === operationId);
    if (operation === undefined) return undefined;
    const rule = compileRule({ operation: operationId, respond: step }, 1, [operation], []);
    if (typeof rule === 'string') return rule;
    return checkStep(rule.steps[0] as NonNullable<(typeof rule.steps)[0]>, operation, parts)?.replace(OFF_CONTRACT_HINT, '');
  };
}
