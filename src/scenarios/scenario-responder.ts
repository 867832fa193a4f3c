import { type OverBudget, overBudgetProblem } from '../json/byte-budget.js';
import { resolvePointer } from '../json/json-pointer.js';
import type { MockResponse } from '../mock-response.js';
import type { Answer, Exchange, Pass, Proposal, Responder } from '../pipeline/types.js';
import { problemResponse } from '../problem.js';
import type { Provenance } from '../provenance.js';
import { andThen, type Maybe, type SessionId, type SessionStore } from '../sessions/session-store.js';
import { matches, storeKey } from './match-rule.js';
import { type RespondParts, stepResponse, withChaos } from './respond-rule.js';
import { type Catalogue, namesOf, type Rule, type Scenario, type Step } from './scenario-types.js';

/** What the responder reads of its server's scenarios (the ScenarioEngine). */
export interface ScenarioSelection {
  readonly sessions: SessionStore;
  /** Uniform [0, 1) for one call of a rule in a session, for fault and delay probabilities. */
  drawsOf(session: SessionId, rule: string, call: number): () => number;
  scenarioOf(session: SessionId): Maybe<string | undefined>;
}

/**
 * Answers requests from the selected scenario: `X-Mock-Scenario`, else the session's choice, else
 * `--scenario`; none selected, forcing asked for, or no rule fits: the next responder answers. The
 * store advances the rule's position and answers it in one operation, so parallel calls in one session
 * each take their own step. The session headers were read and checked by the pipeline. With the
 * in-memory store, all of it is synchronous.
 */
export function createScenarioResponder(engine: ScenarioSelection, catalogue: Catalogue, parts: RespondParts): Responder {
  return (exchange) => {
    const asked = exchange.session.scenario;
    // No scenario loaded and none asked for: nothing to read from the store.
    if (asked === undefined && catalogue.size === 0) return undefined;
    const name = asked ?? engine.scenarioOf(exchange.session.id);
    return andThen(name, (chosen) => (chosen === undefined ? undefined : answerFrom(chosen, exchange, engine, catalogue, parts)));
  };
}

function answerFrom(
  name: string,
  exchange: Exchange,
  engine: ScenarioSelection,
  catalogue: Catalogue,
  parts: RespondParts,
): Maybe<Proposal> {
  const scenario = catalogue.get(name);
  if (!scenario) {
    const response = problemResponse({ code: 'UNKNOWN_SCENARIO', params: { name, available: namesOf(catalogue) } });
    return { response, provenance: { kind: 'rejected', code: 'UNKNOWN_SCENARIO' } };
  }
  // A stateful scenario leaves what no rule answers to the stateful simulator.
  const none = scenario.stateful ? STATEFUL : undefined;
  if (exchange.asked?.forcing) return none;
  const session = exchange.session.id;
  return andThen(engine.sessions.storedBodies(session), (stored) => {
    const rule = firstRule(scenario, exchange, stored);
    if (rule === undefined) return none;
    const key = `${scenario.name}#${rule.index}`;
    return andThen(engine.sessions.advance(session, key), (calls) => {
      const [step, stepNumber] = stepAt(rule, calls);
      const response = withChaos(stepResponse(step, exchange, stored, parts), step, engine.drawsOf(session, key, calls));
      const answer = (): Answer => {
        const provenance = provenanceOf(scenario.name, rule, stepNumber, response, step);
        if (step.webhook && response.fault === undefined) return { response, provenance, effects: { webhook: step.webhook } };
        return { response, provenance };
      };
      if (!rule.store || response.status >= 300 || response.fault !== undefined) return answer();
      const storing = storeKey(resolvePointer(exchange.body, rule.store));
      if (storing === undefined) return answer();
      return andThen(engine.sessions.storeBody(session, storing, exchange.body), (over) => (over ? overBudget(exchange, over) : answer()));
    });
  });
}

function firstRule(scenario: Scenario, exchange: Exchange, stored: ReadonlyMap<string, unknown>): Rule | undefined {
  const operationId = exchange.operation?.id;
  for (const rule of scenario.rules) {
    if (rule.operationId !== undefined && rule.operationId !== operationId) continue;
    if (matches(rule.match, exchange, stored)) return rule;
  }
  return undefined;
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

function overBudget(exchange: Exchange, over: OverBudget): Answer {
  const response = problemResponse(overBudgetProblem(over, exchange.rawBody?.length ?? 0));
  return { response, provenance: { kind: 'rejected', code: 'STATE_BUDGET_EXCEEDED' } };
}
