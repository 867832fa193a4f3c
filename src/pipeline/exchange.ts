import type { Finding } from '../problem.js';
import { type Answer, type DocumentMount, type Exchange, type Learned, NO_FINDINGS } from './types.js';

/*
 * The one module that writes an exchange after it is made (src/pipeline/session.ts makes it): the front
 * router's document, what stages learned, and the answer. Stages and responders return values; the
 * pipeline, the front router and the answers made outside the pipeline record them through these.
 */

/** The front router (src/mock/mount-router.ts) hands the request to `document`: `rest` is the path that document routes. */
export function enterDocument(exchange: Exchange, document: DocumentMount, rest: string): void {
  exchange.document = { name: document.name, base: document.base, sentPath: exchange.path };
  exchange.path = rest;
}

/** Records what a stage returned; answers the findings that end the request (none: NO_FINDINGS). */
export function learn(exchange: Exchange, result: readonly Finding[] | Learned): readonly Finding[] {
  if (isFindings(result)) return result;
  if (result.operation !== undefined) exchange.operation = result.operation;
  if (result.pathParams !== undefined) exchange.pathParams = result.pathParams;
  if (result.body !== undefined) exchange.body = result.body;
  if (result.decoded !== undefined) exchange.decoded = result.decoded;
  if (result.asked !== undefined) exchange.asked = result.asked;
  if (result.waived !== undefined) exchange.waived = result.waived;
  if (result.negotiated !== undefined) exchange.negotiated = result.negotiated;
  return result.findings ?? NO_FINDINGS;
}

function isFindings(result: readonly Finding[] | Learned): result is readonly Finding[] {
  return Array.isArray(result);
}

/** Records the answer the pipeline decided. */
export function decide(exchange: Exchange, answer: Answer): void {
  exchange.answer = answer;
}

/** Records an answer made outside the pipeline (a Fastify error), unless the pipeline decided one. */
export function decideIfUndecided(exchange: Exchange, answer: Answer): void {
  exchange.answer ??= answer;
}

/** What puts the exchange back as it is now, dropping what the pipeline learns and decides after (to decide again). */
export function restorer(exchange: Exchange): () => void {
  const given = new Set(Object.keys(exchange));
  return () => {
    for (const key of Object.keys(exchange)) if (!given.has(key)) delete (exchange as unknown as Record<string, unknown>)[key];
  };
}
