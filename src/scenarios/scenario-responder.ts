import type { MockResponse } from '../mock-response.js';
import type { Exchange, Responder } from '../pipeline/types.js';
import { problemResponse } from '../problem.js';
import { SCENARIO_HEADER, SESSION_HEADER, SESSION_ID } from '../protocol.js';
import { resolvePointer } from './json-pointer.js';
import { matches, storeKey } from './match-rule.js';
import { type RespondParts, stepResponse, withChaos } from './respond-rule.js';
import { type Catalogue, namesOf, type Rule, type Step } from './scenario-types.js';
import type { SessionStore } from './session-store.js';

/** What the responder reads of its server's scenarios (the ScenarioEngine). */
export interface ScenarioSelection {
  readonly sessions: SessionStore;
  /** Uniform [0, 1), for fault and delay probabilities. */
  readonly random: () => number;
  scenarioOf(session: string | undefined): string | undefined;
}

/**
 * Answers requests from the selected scenario: `X-Mock-Scenario`, else the session's choice, else
 * `--scenario`; none selected, forcing asked for, or no rule fits: the next responder answers. The step
 * is decided and the sequence advanced synchronously, before any await, so parallel calls in one
 * session each take their own step.
 */
export function createScenarioResponder(engine: ScenarioSelection, catalogue: Catalogue, parts: RespondParts): Responder {
  return (exchange) => {
    const session = headerOf(exchange, SESSION_HEADER);
    if (typeof session === 'object') return session;
    exchange.session = session;
    const requested = headerOf(exchange, SCENARIO_HEADER);
    if (typeof requested === 'object') return requested;
    const name = requested ?? engine.scenarioOf(session);
    if (name === undefined) return undefined;
    const scenario = catalogue.get(name);
    if (!scenario) {
      exchange.rejection = 'UNKNOWN_SCENARIO';
      return problemResponse({ code: 'UNKNOWN_SCENARIO', params: { name, available: namesOf(catalogue) } });
    }
    if (exchange.forcing) return undefined;
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
      if (rule.store && response.status < 300 && response.fault === undefined) remember(rule, exchange, state.stored);
      exchange.scenario = scenario.name;
      exchange.source = `scenario ${scenario.name} rule ${rule.index}${rule.steps.length > 1 ? ` step ${stepNumber}` : ''}${describeChaos(response)}`;
      return response;
    }
    return undefined;
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

function remember(rule: Rule, exchange: Exchange, stored: Map<string, unknown>): void {
  const key = storeKey(resolvePointer(exchange.body, rule.store ?? []));
  if (key !== undefined) stored.set(key, exchange.body);
}

function headerOf(exchange: Exchange, name: string): string | undefined | MockResponse {
  const raw = exchange.headers[name];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (SESSION_ID.test(value)) return value;
  exchange.rejection = 'INVALID_MOCK_HEADER';
  return problemResponse({
    code: 'INVALID_MOCK_HEADER',
    params: { header: name, details: 'use 1 to 128 letters, digits and -._: (a single value)' },
  });
}

function describeChaos(response: MockResponse): string {
  return `${response.fault ? ` fault=${response.fault}` : ''}${response.delayMs ? ` delay=${response.delayMs}ms` : ''}`;
}
