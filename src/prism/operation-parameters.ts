import type { MockOperation } from '../openapi/operation.js';

/** A query or header parameter the document declares for an operation. */
export interface DeclaredParameter {
  readonly in: 'query' | 'header';
  /** As declared; header names are compared lower-cased. */
  readonly name: string;
  readonly required: boolean;
  /** The schema's `enum`, when it has one. */
  readonly values: readonly unknown[] | undefined;
}

interface PrismParameter {
  readonly name?: unknown;
  readonly required?: unknown;
  readonly schema?: { readonly enum?: unknown };
}
interface WithPrism {
  readonly prism?: { readonly request?: { readonly query?: readonly PrismParameter[]; readonly headers?: readonly PrismParameter[] } };
}

/** The query and header parameters of an operation, read from the engine's copy of it (path parameters are always sent). */
export function declaredParameters(operation: MockOperation): DeclaredParameter[] {
  const request = (operation.engine as unknown as WithPrism).prism?.request;
  const read = (where: 'query' | 'header', list: readonly PrismParameter[] | undefined): DeclaredParameter[] =>
    (list ?? [])
      .filter((p) => typeof p.name === 'string')
      .map((p) => ({
        in: where,
        name: String(p.name),
        required: p.required === true,
        values: Array.isArray(p.schema?.enum) ? (p.schema.enum as unknown[]) : undefined,
      }));
  return [...read('query', request?.query), ...read('header', request?.headers)];
}
