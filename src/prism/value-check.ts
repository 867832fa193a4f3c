/** Prism's verdict on values: answers, callback answers, and the document's own values against its schemas. */
import { bundleSubset } from '../document/bundle-subset.js';
import type { JsonSchema } from '../json/json-schema.js';
import type { MockCallback, MockOperation } from '../openapi/operation.js';
import { answerBundle, answerForm } from './answer-form.js';
import { prismValidatorOf } from './direct-body-check.js';
import { perSchema } from './per-schema.js';
import { ValidationContext, validateAgainstSchema, validators } from './prism-internals.js';
import { type CallbackHandle, prismOf } from './prism-operation.js';
import { sharedSchema } from './shared-schema.js';

/**
 * Prism's verdict on what a consumer answered a callback or webhook: a status the document lists, and
 * headers and body that fit its response. Every diagnostic counts, as in checkOutput.
 */
export function checkCallbackAnswer(
  callback: MockCallback,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
): string[] {
  return outputFindings((callback.engine as CallbackHandle).prism, status, headers, body);
}

/**
 * Prism's verdict on a response the mock would send (used to check scenario files at load time): the
 * status must be one the operation defines, and the body and media type must fit that response. Every
 * diagnostic counts, warnings too (Prism only warns about an undefined 4xx status).
 */
export function checkOutput(operation: MockOperation, status: number, headers: Readonly<Record<string, string>>, body: unknown): string[] {
  return outputFindings(prismOf(operation), status, headers, body);
}

/**
 * Prism's output diagnostics. Prism decodes a form body's percent escapes with decodeURIComponent and
 * throws on a malformed one (`a=%[`): that is a finding about the body, not a failure of the check.
 */
function outputFindings(resource: object, status: number, headers: Readonly<Record<string, string>>, body: unknown): string[] {
  try {
    const result = validators.validateOutput({ resource, element: { statusCode: status, headers: { ...headers }, body } });
    return result._tag === 'Right' ? [] : result.left.map((d) => d.message);
  } catch (error) {
    return [`the body cannot be read as its Content-Type says (${error instanceof Error ? error.message : String(error)})`];
  }
}

/**
 * Prism's verdict on a value the document itself gives for a schema (an example, a default), as it
 * would judge that value in an answer: what is wrong, empty when it fits. `bundle`: the operation's
 * `__bundled__` schemas its references point into.
 */
export function checkDocumentValue(schema: JsonSchema, value: unknown, bundle: unknown): string[] {
  const shared = sharedSchema(answerForm(schema), answerBundle(bundleSubset(schema, bundle)));
  const result = validateAgainstSchema(value, shared.schema, false, ValidationContext.Output, 'body', shared.bundle);
  if (result._tag === 'None') return [];
  return result.value.map((d) => d.message.replace(/^Response body (property )?/, ''));
}

/**
 * checkDocumentValue for many values of one schema (upstream answers): Prism's compiled validator is
 * kept and run directly, so a value that fits costs the schema check alone, without the fp-ts
 * plumbing and two regular expressions per call around it; a value that does not fit goes to
 * checkDocumentValue for Prism's diagnostics. Where no validator can be kept, every value goes to
 * checkDocumentValue.
 */
export function compiledDocumentCheck(schema: JsonSchema, bundle: unknown): (value: unknown) => string[] {
  return COMPILED_CHECKS(schema, bundle);
}

const COMPILED_CHECKS = perSchema((schema, bundle): ((value: unknown) => string[]) => {
  // Prism compiled the schema before (checking the document's examples, say) and keeps that function to
  // itself: a copy of the schema, alike member for member, makes it compile an identical one in sight.
  const form = answerForm(schema);
  const formBundle = answerBundle(bundle);
  const validate = prismValidatorOf(form, formBundle) ?? prismValidatorOf({ ...form }, formBundle);
  if (validate === undefined) return (value) => checkDocumentValue(schema, value, bundle);
  return (value) => {
    try {
      if (validate(value) === true) return [];
    } catch {
      // Prism reads a validator that throws as no diagnostics: checkDocumentValue says so.
    }
    return checkDocumentValue(schema, value, bundle);
  };
});

/**
 * A check of values against one schema of the document (compiled on first use, by Prism's validator);
 * `direction` says whether readOnly (in a request) or writeOnly (in an answer) properties are not required.
 */
export function documentValueCheck(
  schema: JsonSchema,
  bundle: unknown,
  direction: 'request' | 'answer' = 'answer',
): (value: unknown) => boolean {
  return direction === 'request' ? REQUEST_CHECKS(schema, bundle) : ANSWER_CHECKS(schema, bundle);
}

const REQUEST_CHECKS = perSchema((schema, bundle) => valueCheck(schema, bundle, 'request'));
const ANSWER_CHECKS = perSchema((schema, bundle) => valueCheck(schema, bundle, 'answer'));

function valueCheck(schema: JsonSchema, bundle: unknown, direction: 'request' | 'answer'): (value: unknown) => boolean {
  const context = direction === 'request' ? ValidationContext.Input : ValidationContext.Output;
  // An answer is checked as 3.0 reads a `nullable` without a `type` (answer-form.ts); a request as Prism checks it.
  const subset = bundleSubset(schema, bundle);
  const shared = direction === 'answer' ? sharedSchema(answerForm(schema), answerBundle(subset)) : sharedSchema(schema, subset);
  return (value) => {
    try {
      return validateAgainstSchema(value, shared.schema, false, context, 'body', shared.bundle)._tag === 'None';
    } catch {
      return false;
    }
  };
}
