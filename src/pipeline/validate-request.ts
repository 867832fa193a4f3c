import type { JsonSchema } from '../json/json-schema.js';
import { essenceOf, findJsonContent } from '../openapi/media-type.js';
import { AUTO_DIALECTS, checkInput, type DialectFormats, documentValueCheck, headersForInput } from '../prism/prism-engine.js';
import type { Finding } from '../problem.js';
import { approximateBigIntegers, checkInt64Parameters, checkInt64Range } from './int-range.js';
import { fieldsJudgedApart, withoutOpaqueBodyFindings } from './opaque-body.js';
import { type Exchange, NO_FINDINGS } from './types.js';

/**
 * Request validation: Prism validates body, query, headers and path parameters; integers beyond 2^53
 * reach it as approximate numbers and their exact int64 range is checked beside it. Arrays and objects
 * in the query and in forms are read in the spellings `formats` says (`--query-array-format` and its siblings).
 */
export const requestValidation =
  (formats: DialectFormats): ((exchange: Exchange) => readonly Finding[]) =>
  (exchange) => {
    const operation = exchange.operation;
    if (!operation) return NO_FINDINGS;
    const { approximate, bigIntegers } = exchange.decoded?.hasBigIntegers
      ? approximateBigIntegers(exchange.body)
      : { approximate: exchange.body, bigIntegers: [] };
    // Before Prism, whose coercion turns the query's texts into (approximate) numbers in place.
    const parameters = checkInt64Parameters(operation, { query: exchange.query, path: exchange.pathParams, headers: exchange.headers });
    const checked = checkInput(
      operation,
      {
        method: operation.method.toLowerCase(),
        url: { path: exchange.path, query: exchange.query },
        pathParams: exchange.pathParams,
        // A body the operation does not document was not read (see parse-body.ts): validated as none.
        headers: headersForInput(operation, exchange.headers, operation.requestBody ? (exchange.rawBody?.length ?? 0) : 0),
        body: approximate,
      },
      formats,
    );
    // Only a body read as text can be one the mock has no reader for; JSON bodies skip the look.
    const findings =
      typeof exchange.body === 'string'
        ? withoutOpaqueBodyFindings(operation, exchange.headers['content-type'], checked, exchange.body)
        : checked;
    const contentType = exchange.headers['content-type'];
    const contents = operation.requestBody?.contents;
    const essence = contentType === undefined ? undefined : essenceOf(contentType);
    const schema =
      essence === undefined ? undefined : (contents?.find((c) => essenceOf(c.mediaType) === essence) ?? findJsonContent(contents))?.schema;
    const judged = contentType !== undefined && fieldsJudgedApart(operation, contentType) ? undefined : schema;
    const withBody = exchange.body === undefined || exchange.body ? findings : withFalsyBody(findings, exchange.body, judged);
    const sent = parameters.length === 0 ? withBody : [...withBody, ...parameters];
    if (bigIntegers.length === 0) return sent;
    return [...sent, ...checkInt64Range(schema, bigIntegers)];
  };

/** Validation reading the document's styles and every unambiguous dialect. */
export const validateRequest = requestValidation(AUTO_DIALECTS);

/**
 * Prism takes a body of `null`, `false`, `0` or `""` for a missing one; it was sent, and is judged
 * against its schema like any other value: a schema with no `type` (Azure's `BuildJobParameters`, only
 * `properties` and `required`, which say nothing of a value that is no object) takes `null`, and a
 * string schema the empty text of an empty `text/csv` body (see parse-body.ts). A form, whose fields
 * are judged apart (`schema` undefined), is no longer missing. An optional body (adyen's PATCH
 * operations) is judged so too: `null` sent for an object is no object, required or not.
 * A new list: the one given may be shared (see checkInput).
 */
function withFalsyBody(findings: readonly Finding[], body: unknown, schema: JsonSchema | undefined): readonly Finding[] {
  const index = findings.findIndex((f) => f.code === 'body-required');
  const valid = schema === undefined || documentValueCheck(schema, schema.__bundled__, 'request')(body);
  const wrong: Finding = { location: 'body', path: [], code: 'type', message: `must not be ${JSON.stringify(body)}` };
  if (index === -1) return valid ? findings : [...findings, wrong];
  const fixed = [...findings];
  if (valid) fixed.splice(index, 1);
  else fixed[index] = wrong;
  return fixed;
}
