import type { MockOperation } from '../openapi/operation.js';

interface WithPrism {
  readonly prism?: {
    readonly responses?: readonly { readonly code?: unknown; readonly headers?: readonly { readonly name?: unknown }[] }[];
  };
}

/** Whether the operation documents a response header (e.g. `Location`) for a response code, read from the engine's copy. */
export function documentsResponseHeader(operation: MockOperation, code: string, header: string): boolean {
  const wanted = header.toLowerCase();
  const response = (operation.engine as unknown as WithPrism).prism?.responses?.find((r) => String(r.code) === code);
  return (response?.headers ?? []).some((h) => typeof h.name === 'string' && h.name.toLowerCase() === wanted);
}
