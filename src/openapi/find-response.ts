import type { MockOperation, MockResponseSpec } from './operation.js';

/** The response the document defines for a status: exact code first, then `4XX`-style ranges, then `default`. */
export function findResponse(operation: MockOperation, status: number): MockResponseSpec | undefined {
  const responses = operation.responses;
  return (
    responses.find((r) => r.code === String(status)) ??
    responses.find((r) => r.code.toUpperCase() === `${String(status)[0]}XX`) ??
    responses.find((r) => r.code === 'default')
  );
}

/** The status answered when nothing is forced: the lowest 2xx the operation defines, else 200. */
export function defaultStatus(operation: MockOperation): number {
  const success = operation.responses
    .map((r) => (/^2\d\d$/.test(r.code) ? Number(r.code) : undefined))
    .filter((c): c is number => c !== undefined);
  return success.length > 0 ? Math.min(...success) : 200;
}
