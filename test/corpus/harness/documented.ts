/** What the document says about a status: which response covers it, which fits a failure, the default. */
import type { Failure, PrismOperation, PrismResponse } from './types.js';

/** The response covering `status`: the exact code, then its `NXX` range, then `default`. */
export function responseFor(op: PrismOperation, status: number): PrismResponse | undefined {
  const code = String(status);
  return (
    op.responses.find((r) => r.code === code) ??
    op.responses.find((r) => r.code.toUpperCase() === `${code[0]}XX`) ??
    op.responses.find((r) => r.code === 'default')
  );
}

/** Exact statuses that fit each failure, in order of preference (issue item 13.3). */
const FITTING: Record<Failure, readonly number[]> = {
  validation: [400, 422],
  credentials: [401, 403],
  'content-type': [415],
  negotiation: [406],
};

/**
 * The status a rejection must carry and the documented response that must shape it, if any: an exact
 * fitting status, else `4XX`, else `default` (answered with the failure's first status).
 */
export function fittingResponse(op: PrismOperation, failure: Failure): { status: number; response: PrismResponse | undefined } {
  for (const status of FITTING[failure]) {
    const exact = op.responses.find((r) => r.code === String(status));
    if (exact) return { status, response: exact };
  }
  const status = FITTING[failure][0] as number;
  return { status, response: op.responses.find((r) => r.code.toUpperCase() === '4XX') ?? op.responses.find((r) => r.code === 'default') };
}

/** Issue item 13.4: lowest 2xx (2XX as 200), else the lowest documented status, else default (as 200). */
export function defaultStatus(op: PrismOperation): number {
  const numeric = op.responses
    .map((r) => r.code.toUpperCase())
    .map((c) => (c === '2XX' ? 200 : Number(c)))
    .filter(Number.isInteger)
    .sort((a, b) => a - b);
  return numeric.find((s) => s >= 200 && s < 300) ?? numeric[0] ?? 200;
}

/** Whether `mediaType` (from a Content-Type) is one of `documented`, wildcards allowed on the document's side. */
export function mediaTypeMatches(mediaType: string, documented: readonly string[]): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return documented.some((d) => {
    const pattern = d.split(';')[0]?.trim().toLowerCase() ?? '';
    if (pattern === '*/*' || pattern === essence) return true;
    const [type, subtype] = pattern.split('/');
    const [actualType, actualSubtype] = essence.split('/');
    if (subtype === '*') return type === actualType;
    return subtype?.startsWith('*+') === true && type === actualType && actualSubtype?.endsWith(subtype.slice(1)) === true;
  });
}
