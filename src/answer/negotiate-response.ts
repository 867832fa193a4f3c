import type { MockOperation } from '../openapi/operation.js';
import { NO_FINDINGS, type Stage } from '../pipeline/types.js';
import type { Finding } from '../problem.js';
import { negotiateLeniently } from './negotiate.js';
import type { ResponsePlan, ResponsePlans } from './response-plans.js';

/**
 * Negotiation (RFC 9110 §12): picks the media type of the answer among those the document lists for
 * the status about to be answered. A response without content needs none; a request without `Accept`
 * takes any of them. An `Accept` that names none of them is read as a lenient service reads it
 * (negotiateLeniently); with `strict` (`--strict-accept`) it is a finding (406), and only that.
 */
export function createNegotiationStage(plans: ResponsePlans, strict = false): Stage {
  return (exchange) => {
    const operation = exchange.operation;
    if (!operation) return NO_FINDINGS;
    const forcing = exchange.asked?.forcing;
    const plan = plans(operation, forcing?.code);
    if (plan.representations.length === 0) return { negotiated: { plan } };
    const accept = exchange.headers.accept;
    const example = forcing?.example;
    const { negotiate, among } =
      example === undefined ? { negotiate: plan.negotiate, among: plan.representations } : plan.negotiateExample(example);
    const index = strict ? negotiate(accept) : negotiateLeniently(negotiate, accept);
    const chosen = among[index] ?? (declaresAccept(operation) ? among[0] : undefined);
    if (chosen === undefined) return { negotiated: { plan }, findings: [notAcceptable(plan)] };
    if (chosen.unproducible === undefined) return { negotiated: { plan, representation: chosen } };
    // Another type the client also takes does better; else this type gets the best body the mock can write in it.
    const fallback = example === undefined ? plan.producible : undefined;
    return { negotiated: { plan, representation: fallback?.among[fallback.negotiate(accept)] ?? chosen } };
  };
}

/**
 * An operation that documents its own `Accept` header parameter (GitHub's preview types, VTEX's
 * `application/json` beside a `text/plain` answer) tells clients what to send: the service answers
 * what it documents to such a value, as RFC 9110 lets it, so that is no 406. Asked only on a miss.
 */
function declaresAccept(operation: MockOperation): boolean {
  return operation.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'accept') ?? false;
}

function notAcceptable(plan: ResponsePlan): Finding {
  return { location: 'accept', path: [], code: 'not-acceptable', message: plan.representations.map((r) => r.mediaType).join(', ') };
}
