/**
 * What the HTTP side (src/http/) may use of the core, besides createMock itself: the exchange it makes
 * and hands over, and the inputs a mock is made from. The HTTP layer imports these from here, so it
 * reaches the core through src/mock/ alone.
 */
export type { DataGenerator } from '../generate/data-generator.js';
export type { LoadedSpec } from '../load/load-spec.js';
export { decideIfUndecided } from '../pipeline/exchange.js';
export { newExchange } from '../pipeline/session.js';
export type { Exchange, ProxiedClient, Responder } from '../pipeline/types.js';
