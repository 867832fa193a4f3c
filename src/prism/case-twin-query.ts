import { isJsonObject } from '../json/json-object.js';
import { formDeserializers, type PrismDiagnostic, ValidationContext, validateParams } from './prism-internals.js';

type Node = Record<string, unknown>;
type Query = Readonly<Record<string, string | string[] | undefined>>;
interface Operation {
  readonly request?: { readonly query?: readonly unknown[] };
  readonly __bundled__?: unknown;
}

/** The diagnostics of an operation's query parameters whose names differ only in case (empty when valid). */
export type CaseTwinQueryCheck = (query: Query) => PrismDiagnostic[];

/**
 * Query names are case-sensitive (RFC 3986; OpenAPI tells parameters apart by name and location, only
 * header names without case), but Prism keys query parameters and the query's pairs in lower case: of
 * two parameters whose names differ only in case (AWS's bounded `maxResults` beside its paging
 * `MaxResults`, a plain string) one schema judged both, so `maxResults=201` passed `maximum: 200`.
 * Such parameters are taken out of what Prism checks and judged here one by one by Prism's own
 * parameter validator, each given only the pair spelled as its name. Built once per operation;
 * undefined without such twins.
 */
export function splitCaseTwinQuery<T extends Operation>(operation: T): { operation: T; check: CaseTwinQueryCheck | undefined } {
  const query = operation.request?.query;
  if (!query || query.length < 2) return { operation, check: undefined };
  const byLowerName = new Map<string, Node[]>();
  for (const spec of query) {
    if (!isJsonObject(spec) || typeof spec.name !== 'string') continue;
    const key = spec.name.toLowerCase();
    byLowerName.set(key, [...(byLowerName.get(key) ?? []), spec as Node]);
  }
  const twins = [...byLowerName.values()].filter((specs) => specs.length > 1).flat();
  if (twins.length === 0) return { operation, check: undefined };
  const rest = query.filter((spec) => !twins.includes(spec as Node));
  const request: Node = { ...(operation.request as Node), query: rest };
  if (rest.length === 0) delete request.query;
  const bundle = operation.__bundled__;
  const how = { deserializers: formDeserializers, prefix: 'query', defaultStyle: 'form' };
  return {
    operation: { ...operation, request },
    check: (given) =>
      twins.flatMap((spec) => {
        const name = spec.name as string;
        const own: Record<string, string | string[]> = {};
        const value = given[name];
        if (value !== undefined) own[name] = value;
        const result = validateParams(own as Readonly<Record<string, string>>, [spec], ValidationContext.Input, bundle)(how);
        return result._tag === 'Right' ? [] : result.left.filter((diagnostic) => diagnostic.severity === 0).map((d) => named(d, name));
      }),
  };
}

/** A twin's diagnostic naming it as declared: Prism's says the lower-case key, which both twins share. */
function named(diagnostic: PrismDiagnostic, name: string): PrismDiagnostic {
  const lower = name.toLowerCase();
  const [prefix = 'query', key, ...rest] = diagnostic.path ?? [];
  if (String(key).toLowerCase() === lower) {
    // Prism's message opens with the path it names (prism-findings.ts reads it so).
    const opening = `Request ${prefix} parameter ${String(key)} `;
    const message = diagnostic.message.startsWith(opening)
      ? `Request ${prefix} parameter ${name} ${diagnostic.message.slice(opening.length)}`
      : diagnostic.message;
    return { ...diagnostic, path: [prefix, name, ...rest], message };
  }
  const required = `required property '${lower}'`;
  return diagnostic.message.endsWith(required)
    ? { ...diagnostic, message: `${diagnostic.message.slice(0, -required.length)}required property '${name}'` }
    : diagnostic;
}
