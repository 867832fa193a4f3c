import type { Finding } from '../problem.js';
import type { ResponsePlan, ResponsePlans } from './response-plans.js';
import type { Stage } from './types.js';

/**
 * Negotiation (RFC 9110 §12): picks the media type of the answer among those the document lists for
 * the status about to be answered. A response without content needs none; an `Accept` that takes none
 * of the types, or only one the mock cannot write, is a finding.
 */
export function createNegotiationStage(plans: ResponsePlans): Stage {
  return (exchange) => {
    const operation = exchange.operation;
    if (!operation) return [];
    const plan = plans(operation, exchange.forcing?.code);
    exchange.plan = plan;
    if (plan.representations.length === 0) return [];
    const accept = exchange.headers.accept;
    const example = exchange.forcing?.example;
    const { negotiate, among } =
      example === undefined ? { negotiate: plan.negotiate, among: plan.representations } : plan.negotiateExample(example);
    const chosen = among[negotiate(accept)];
    if (chosen === undefined) return [notAcceptable(plan)];
    if (chosen.unproducible === undefined) {
      exchange.representation = chosen;
      return [];
    }
    // Another type the client also takes may do; else the answer would be a wrong body.
    const fallback = example === undefined ? plan.producible : undefined;
    const other = fallback?.among[fallback.negotiate(accept)];
    if (other) {
      exchange.representation = other;
      return [];
    }
    return [{ location: 'accept', path: [], code: 'unproducible-media-type', message: `${chosen.mediaType}: ${chosen.unproducible}` }];
  };
}

function notAcceptable(plan: ResponsePlan): Finding {
  return { location: 'accept', path: [], code: 'not-acceptable', message: plan.representations.map((r) => r.mediaType).join(', ') };
}
