/**
 * The mock's one door to Stoplight Prism: what the layers above call. Each job has its own module:
 * loading operations (mock-operations.ts, with Prism's reader in load-operations.ts), the handle kept per
 * operation (operation-handle.ts), security (security-check.ts), input (input-check.ts), values and
 * answers (value-check.ts); the Prism pieces themselves come from prism-internals.ts.
 */
export { AUTO_DIALECTS, checkInput, type DialectFormats, headersForInput } from './input-check.js';
export type { ReferenceRules } from './load-operations.js';
export { loadOperations, toCallback } from './mock-operations.js';
export type { PrismRequest, SecurityRequest } from './prism-operation.js';
export { checkBearerToken, checkSecurity, knownSecurityVerdict } from './security-check.js';
export { checkCallbackAnswer, checkDocumentValue, checkOutput, compiledDocumentCheck, documentValueCheck } from './value-check.js';
