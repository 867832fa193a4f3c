import { ERRORS, type ErrorCode, formatMessage } from '../errors.js';
import type { DataGenerator } from '../generate/data-generator.js';
import type { MockResponse } from '../mock-response.js';
import { findResponse } from '../openapi/find-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { problemResponse } from '../problem.js';
import { ERROR_CODE_HEADER } from '../protocol.js';
import { jsonContent } from './infer-resources.js';
import { isRecord, propertiesOf, requiredOf } from './schema-shape.js';

export interface StateProblem {
  readonly code: ErrorCode;
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * An error answered in the document's own shape when it documents one for the status (exactly, as a
 * `4XX` range or as `default`): a message-like string property gets the catalogue's message, a
 * code-like one its number, the rest comes from the response's example or is generated. A status the
 * document is silent about gets the catalogue's Error body.
 */
export function documentedError(operation: MockOperation, status: number, problem: StateProblem, generator: DataGenerator): MockResponse {
  const content = jsonContent(findResponse(operation, status)?.contents);
  if (!content?.schema) return problemResponse(problem);
  const schema = content.schema;
  const properties = propertiesOf(schema);
  if (properties.size === 0) return problemResponse(problem);
  const example = content.examples.map((e) => e.value).find(isRecord);
  const required = requiredOf(schema);
  const message = formatMessage(problem.code, problem.params);
  const body: Record<string, unknown> = {};
  let messageSet = false;
  for (const [name, property] of properties) {
    const type = property.type;
    if (type === 'string' && !messageSet && /message|detail|description|title|reason/i.test(name)) {
      body[name] = message;
      messageSet = true;
    } else if ((type === 'integer' || type === 'number') && /^(status|statusCode|httpStatus)$/i.test(name)) body[name] = status;
    else if ((type === 'integer' || type === 'number') && /code|error/i.test(name)) body[name] = ERRORS[problem.code].error;
    else if (type === 'string' && /code|error/i.test(name)) body[name] = problem.code;
    else if (example && Object.hasOwn(example, name)) body[name] = example[name];
    else if (required.has(name)) body[name] = generator.generate(property);
  }
  return {
    status,
    headers: { 'content-type': content.mediaType, [ERROR_CODE_HEADER]: problem.code },
    body,
  };
}

/**
 * Creating an id that exists: the documented 409, else the documented 400's shape with DUPLICATE_ID
 * (as the duplicate-id scenario answers), else a 4XX/default shape or the catalogue's 409.
 */
export function conflictError(operation: MockOperation, problem: { resource: string; id: string }, generator: DataGenerator): MockResponse {
  const exact = (code: string) => operation.responses.some((r) => r.code === code);
  if (!exact('409') && exact('400'))
    return documentedError(operation, 400, { code: 'DUPLICATE_ID', params: { id: problem.id } }, generator);
  return documentedError(operation, 409, { code: 'RESOURCE_EXISTS', params: problem }, generator);
}

/** Reading, replacing or deleting a missing record: the documented 404, else 4XX/default, else the catalogue. */
export function notFoundError(operation: MockOperation, problem: { resource: string; id: string }, generator: DataGenerator): MockResponse {
  return documentedError(operation, 404, { code: 'RESOURCE_NOT_FOUND', params: problem }, generator);
}
