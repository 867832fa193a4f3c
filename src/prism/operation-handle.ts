import { type QueryDialects, queryDialects } from '../document/query-dialects.js';
import type { Finding } from '../problem.js';
import { splitCaseTwinQuery } from './case-twin-query.js';
import { createDirectBodyCheck, type DirectBodyCheck } from './direct-body-check.js';
import { type ObjectQueryCheck, splitObjectQuery } from './exploded-object-query.js';
import { type FormBodyCheck, splitFormBodies } from './form-body.js';
import { withMergeableBody } from './merge-all-of.js';
import { type JsonPartsCheck, splitJsonParts } from './multipart-json-parts.js';
import type { Handle, PrismOperation } from './prism-operation.js';
import { forPrismValidation } from './request-schema-repairs.js';
import { headersOnly, onlyBearer, securityVerdict } from './security-check.js';

/**
 * What validating an operation needs, each part made on first use: a server on a large document starts
 * without compiling operations nobody calls. Handles live in the per-process spec cache, so what one
 * server compiled serves every server on the same document; what they memoise depends only on the
 * operation.
 */
export class LazyHandle implements Handle {
  readonly __engineHandle = true as const;
  readonly readsHeaders: boolean;
  readonly cookies: readonly unknown[] | undefined;
  readonly #source: PrismOperation;
  #split: { operation: PrismOperation; check: JsonPartsCheck | undefined; form: FormBodyCheck | undefined } | undefined;
  #withoutPath: PrismOperation | undefined;
  #objects: { operation: PrismOperation; check: ObjectQueryCheck | undefined } | undefined;
  #direct: { check: DirectBodyCheck | undefined } | undefined;
  #bearer: { verdict: readonly Finding[] | undefined } | undefined;
  #anonymous: { verdict: readonly Finding[] | undefined } | undefined;
  #dialects: { rewrite: QueryDialects | undefined } | undefined;

  constructor(source: PrismOperation) {
    this.#source = source;
    this.readsHeaders = (source.request?.headers?.length ?? 0) > 0;
    this.cookies = source.request?.cookie?.length ? source.request.cookie : undefined;
  }

  get prism(): PrismOperation {
    return this.#parts().operation;
  }

  get validated(): PrismOperation {
    return this.#query().operation;
  }

  /** The checks of the query parameters Prism reads wrongly: exploded objects, names differing only in case. */
  get objectQuery(): ObjectQueryCheck | undefined {
    return this.#query().check;
  }

  #query() {
    if (this.#objects === undefined) {
      const objects = splitObjectQuery(withMergeableBody(this.prism));
      const twins = splitCaseTwinQuery(objects.operation);
      const [first, second] = [objects.check, twins.check];
      const check: ObjectQueryCheck | undefined = first && second ? (query) => [...first(query), ...second(query)] : (first ?? second);
      this.#objects = { operation: twins.operation, check };
    }
    return this.#objects;
  }

  /** What validateInput checks when the path parameters are checked apart (see checkInput). */
  get withoutPath(): PrismOperation {
    this.#withoutPath ??= withoutPathParameters(this.validated);
    return this.#withoutPath;
  }

  get queryDialects(): QueryDialects | undefined {
    this.#dialects ??= { rewrite: queryDialects(this.#source.request?.query, this.#source.__bundled__) };
    return this.#dialects.rewrite;
  }

  get jsonParts(): JsonPartsCheck | undefined {
    return this.#parts().check;
  }

  get formBody(): FormBodyCheck | undefined {
    return this.#parts().form;
  }

  #parts() {
    if (this.#split === undefined) {
      const parts = splitJsonParts(forPrismValidation(withoutEmptyParameterLists(this.#source)));
      const form = splitFormBodies(parts.operation);
      this.#split = { operation: form.operation, check: parts.check, form: form.check };
    }
    return this.#split;
  }

  get direct(): DirectBodyCheck | undefined {
    this.#direct ??= { check: createDirectBodyCheck(this.prism) };
    return this.#direct.check;
  }

  get bearerVerdict(): readonly Finding[] | undefined {
    this.#bearer ??= {
      verdict: onlyBearer(this.#source) ? securityVerdict(this.prism, headersOnly('Bearer any-well-formed-token')) : undefined,
    };
    return this.#bearer.verdict;
  }

  /** Apart from the bearer verdict: Prism's verdict on a rejection loads code a valid first request does not need. */
  get anonymousVerdict(): readonly Finding[] | undefined {
    this.#anonymous ??= { verdict: onlyBearer(this.#source) ? securityVerdict(this.prism, headersOnly(undefined)) : undefined };
    return this.#anonymous.verdict;
  }
}

/**
 * Prism runs its header, query and path validators whenever the lists exist, even empty; an empty list
 * can find nothing, but the path validator still compiles a URI template per request. Dropping empty
 * lists from the copy Prism validates against skips that work without changing any verdict.
 */
function withoutEmptyParameterLists(prism: PrismOperation): PrismOperation {
  const request = prism.request;
  if (!request) return prism;
  const trimmed = { ...request };
  for (const list of ['headers', 'query', 'path', 'cookie'] as const) {
    if (trimmed[list]?.length === 0) delete trimmed[list];
  }
  return { ...prism, request: trimmed };
}

function withoutPathParameters(prism: PrismOperation): PrismOperation {
  if (!prism.request?.path) return prism;
  const { path: _path, ...request } = prism.request;
  return { ...prism, request };
}
