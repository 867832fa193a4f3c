import type { DataGenerator } from '../generate/data-generator.js';
import { type EchoPlan, echo, planEcho } from '../generate/echo.js';
import type { MockResponse } from '../mock-response.js';
import { defaultStatus, findResponse } from '../openapi/find-response.js';
import type { MockContent, MockOperation, MockResponseSpec } from '../openapi/operation.js';
import type { Exchange } from './types.js';

export interface ResponseSelectorOptions {
  readonly operations: readonly MockOperation[];
  readonly generator: DataGenerator;
  /** Generate every body from its schema unless a request says `dynamic=false`. */
  readonly dynamic: boolean;
}

interface Plan {
  readonly status: number;
  readonly content: MockContent | undefined;
  readonly echo: EchoPlan | undefined;
}

/**
 * Response selection: the forced or default status, then the body: a named example, generated data
 * (dynamic or seeded), the request echoed into the response schema (2xx), the first example, or
 * generated data, in that order. Plans are built per operation and status once, on first use.
 */
export function createResponseSelector(options: ResponseSelectorOptions): (exchange: Exchange) => MockResponse {
  // Forced statuses get a plan on first use; the default one of each operation is made here, at start-up.
  const plans = new Map<MockOperation, Map<number, Plan>>();
  const planFor = (operation: MockOperation, status: number): Plan => {
    let byStatus = plans.get(operation);
    if (!byStatus) {
      byStatus = new Map();
      plans.set(operation, byStatus);
    }
    let plan = byStatus.get(status);
    if (!plan) {
      plan = makePlan(findResponse(operation, status), status);
      byStatus.set(status, plan);
    }
    return plan;
  };
  const defaultPlans = new Map(options.operations.map((operation) => [operation, planFor(operation, defaultStatus(operation))]));

  return (exchange) => {
    const operation = exchange.operation;
    if (!operation) throw new Error('response selection needs a routed operation');
    const forcing = exchange.forcing ?? {};
    const plan =
      forcing.code === undefined
        ? (defaultPlans.get(operation) ?? planFor(operation, defaultStatus(operation)))
        : planFor(operation, forcing.code);
    const content = plan.content;
    const headers: Record<string, string> = content ? { 'content-type': content.mediaType } : {};
    const respond = (body: unknown, source: string): MockResponse => {
      exchange.source = source;
      return { status: plan.status, headers, body };
    };
    if (!content) return respond(undefined, describe(forcing.code, 'empty'));
    const generate = () => (content.schema ? options.generator.generate(content.schema, forcing.seed) : null);
    if (forcing.example !== undefined) {
      const example = content.examples.find((e) => e.name === forcing.example);
      return respond(example?.value, describe(forcing.code, `example=${forcing.example}`));
    }
    const dynamic = forcing.dynamic ?? (forcing.seed !== undefined || options.dynamic);
    if (dynamic)
      return respond(generate(), describe(forcing.code, forcing.seed === undefined ? 'dynamic' : `dynamic seed=${forcing.seed}`));
    const first = content.examples[0];
    const fallback = () => (first ? first.value : generate());
    if (plan.echo && plan.status < 300 && exchange.body !== undefined)
      return respond(echo(plan.echo, exchange.body, fallback), describe(forcing.code, 'echo'));
    return respond(fallback(), describe(forcing.code, first ? `example=${first.name}` : 'generated'));
  };
}

function makePlan(response: MockResponseSpec | undefined, status: number): Plan {
  const content = response?.contents.find((c) => /json/i.test(c.mediaType)) ?? response?.contents[0];
  return { status, content, echo: planEcho(content?.schema) };
}

function describe(code: number | undefined, body: string): string {
  return code === undefined ? body : `code=${code} ${body}`;
}
