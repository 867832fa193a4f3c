import { type ByteBudget, jsonBytes, type OverBudget, overBudgetProblem } from '../json/byte-budget.js';
import { resolvePointer } from '../json/json-pointer.js';
import type { MockResponse } from '../mock-response.js';
import type { Answer, Exchange, Pass, Responder } from '../pipeline/types.js';
import { problemResponse } from '../problem.js';
import type { Provenance } from '../provenance.js';
import { matches, storeKey } from './match-rule.js';
import { type RespondParts, stepResponse, withChaos } from './respond-rule.js';
import { type Catalogue, namesOf, type Rule, type Step } from './scenario-types.js';
import type { Session, SessionStore } from './session-store.js';

/** What the responder reads of its server's scenarios (the ScenarioEngine). */
export interface ScenarioSelection {
  readonly sessions: SessionStore;
  readonly budget: ByteBudget;
  /** Uniform [0, 1), for fault and delay probabilities. */
  readonly random: () => number;
  scenarioOf(session: string | undefined): string | undefined;
}

/**
 * Answers requests from the selected scenario: `X-Mock-Scenario`, else the session's choice, else
 * `--scenario`; none selected, forcing asked for, or no rule fits: the next responder answers. The step
 * is decided and the sequence advanced synchronously, before any await, so parallel calls in one
 * session each take their own step. The session headers were read and checked by the pipeline.
 */
export function createScenarioResponder(engine: ScenarioSelection, catalogue: Catalogue, parts: RespondParts): Responder {
  return (exchange) => {
    const session = exchange.session.id;
    const name = exchange.session.scenario ?? engine.scenarioOf(session);
    if (name === undefined) return undefined;
    const scenario = catalogue.get(name);
    if (!scenario) {
      const response = problemResponse({ code: 'UNKNOWN_SCENARIO', params: { name, available: namesOf(catalogue) } });
      return { response, provenance: { kind: 'rejected', code: 'UNKNOWN_SCENARIO' } };
    }
    // A stateful scenario leaves what no rule answers to the stateful simulator.
    const none = scenario.stateful ? STATEFUL : undefined;
    if (exchange.forcing) return none;
    const operationId = exchange.operation?.id;
    const state = engine.sessions.get(session);
    for (const rule of scenario.rules) {
      if (rule.operationId !== undefined && rule.operationId !== operationId) continue;
      if (!matches(rule.match, exchange, state.stored)) continue;
      const key = `${scenario.name}#${rule.index}`;
      const calls = state.positions.get(key) ?? 0;
      state.positions.set(key, calls + 1);
      const [step, stepNumber] = stepAt(rule, calls);
      const response = withChaos(stepResponse(step, exchange, state.stored, parts), step, engine.random);
      if (rule.store && response.status < 300 && response.fault === undefined) {
        const over = remember(rule, exchange, state, engine.budget);
        if (over) return overBudget(exchange, over);
      }
      const provenance = provenanceOf(scenario.name, rule, stepNumber, response, step);
      if (step.webhook && response.fault === undefined) return { response, provenance, effects: { webhook: step.webhook } };
      return { response, provenance };
    }
    return none;
  };
}

const STATEFUL: Pass = Object.freeze({ effects: Object.freeze({ stateful: true }) });

function provenanceOf(name: string, rule: Rule, step: number, response: MockResponse, answered: Step): Provenance {
  const streamBreak = response.fault === undefined ? answered.stream?.breakAfter : undefined;
  return {
    kind: 'scenario',
    name,
    rule: rule.index,
    ...(rule.steps.length > 1 ? { step } : {}),
    usesState: rule.store !== undefined || rule.match.stored !== undefined || rule.match.notStored !== undefined,
    ...(response.fault ? { fault: response.fault } : {}),
    ...(response.delayMs ? { delayMs: response.delayMs } : {}),
    ...(streamBreak !== undefined ? { streamBreak } : {}),
  };
}

/** The step answering the call after `calls` earlier ones: each step `times` calls, the last one forever. */
function stepAt(rule: Rule, calls: number): [Step, number] {
  let remaining = calls;
  for (const [i, step] of rule.steps.entries()) {
    if (remaining < step.times || i === rule.steps.length - 1) return [step, i + 1];
    remaining -= step.times;
  }
  throw new Error('a rule has at least one step');
}

/** Stores the body under its key, within the session's byte budget; where it does not fit, nothing is stored. */
function remember(rule: Rule, exchange: Exchange, session: Session, budget: ByteBudget): OverBudget | undefined {
  const key = storeKey(resolvePointer(exchange.body, rule.store ?? []));
  if (key === undefined) return undefined;
  const bytes = jsonBytes(exchange.body);
  const over = budget.charge(session, bytes - (session.stored.has(key) ? jsonBytes(session.stored.get(key)) : 0));
  if (!over) session.stored.set(key, exchange.body);
  return over;
}

function overBudget(exchange: Exchange, over: OverBudget): Answer {
  const response = problemResponse(overBudgetProblem(over, exchange.rawBody?.length ?? 0));
  return { response, provenance: { kind: 'rejected', code: 'STATE_BUDGET_EXCEEDED' } };
}
