import type { ErrorShapes } from '../answer/error-shape.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { problemResponse } from '../problem.js';

type Missing = {
  readonly resource: string;
  readonly id: string;
};

/**
 * Creating an id that exists: the documented 409, else the documented 400's shape with DUPLICATE_ID
 * (as the duplicate-id scenario answers), else a 4XX/default shape or the catalogue's 409. The shapes
 * are the ones the pipeline's rejections use (src/answer/error-shape.ts).
 */
export function conflictError(shapes: ErrorShapes, operation: MockOperation, problem: Missing): MockResponse {
  const exact = (code: string) => operation.responses.some((r) => r.code === code);
  if (!exact('409') && exact('400'))
    return problemResponse({ code: 'DUPLICATE_ID', params: problem, shape: shapes.forStatus(operation, 400) });
  return problemResponse({ code: 'RESOURCE_EXISTS', params: problem, shape: shapes.forStatus(operation, 409) });
}

/** Reading, replacing or deleting a missing record: the documented 404, else 4XX/default, else the catalogue. */
export function notFoundError(shapes: ErrorShapes, operation: MockOperation, problem: Missing): MockResponse {
  return problemResponse({ code: 'RESOURCE_NOT_FOUND', params: problem, shape: shapes.forStatus(operation, 404) });
}
