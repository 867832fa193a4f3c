/**
 * A query or header parameter sent empty (`?url=`, `X-Token:`): Prism drops it as if absent (a falsy
 * value left out by lodash's pickBy), so a required one is called "required" although it was sent and
 * an optional one goes unjudged (an empty `date-time` accepted). A careful service reads the empty text
 * as the value: judged against the parameter's schema (a plain string takes it, a number, a format or
 * a `minLength` does not), named "empty", unless `allowEmptyValue` says an empty value stands for none.
 * An empty text is an empty list for an array and an empty object for an object (`?options=`), and it
 * is none for a `nullable` parameter, as frameworks bind it (ASP.NET's `int?`, jellyfin's documents).
 */
import type { JsonSchema } from '../json/json-schema.js';
import type { Finding } from '../problem.js';

interface Parameter {
  readonly name: string;
  readonly required?: boolean;
  readonly allowEmptyValue?: boolean;
  readonly schema?: JsonSchema;
}

type ValueCheck = (schema: JsonSchema, bundle: unknown) => (value: unknown) => boolean;

/** The findings with every parameter sent empty judged as its empty value instead of as missing. */
export function judgeEmptyParameters(
  findings: Finding[],
  parameters: { readonly query?: readonly unknown[]; readonly headers?: readonly unknown[] } | undefined,
  sent: { readonly query: Readonly<Record<string, unknown>>; readonly headers: Readonly<Record<string, unknown>> },
  bundle: unknown,
  check: ValueCheck,
): Finding[] {
  let judged = findings;
  for (const [location, list, values, lower] of [
    ['query', parameters?.query, sent.query, false],
    ['header', parameters?.headers, sent.headers, true],
  ] as const) {
    for (const parameter of (list ?? []) as readonly Parameter[]) {
      const value = values[lower ? parameter.name.toLowerCase() : parameter.name];
      if (!(value === '' || (Array.isArray(value) && value.length > 0 && value.every((v) => v === '')))) continue;
      const key = parameter.name.toLowerCase();
      // Prism names a query parameter in lower case: a required one whose name differs only in case
      // (case-twin-query.ts) and was not sent keeps the finding (`origin=` leaves `Origin` missing).
      const named = (p: Parameter) => p.required === true && p.name.toLowerCase() === key;
      const sentAll = (list as readonly Parameter[]).every((p) => !named(p) || values[lower ? key : p.name] !== undefined);
      if (sentAll) judged = judged.filter((f) => !(f.location === location && f.code === 'required' && f.path[0]?.toLowerCase() === key));
      if (parameter.allowEmptyValue === true || parameter.schema === undefined || isNullable(parameter.schema)) continue;
      if (!check(parameter.schema, bundle)(emptyValue(parameter.schema)))
        judged.push({ location, path: [parameter.name], code: 'empty', message: 'is empty, which its schema does not allow' });
    }
  }
  return judged;
}

/** The value an empty text stands for: an empty list for an array, an empty object for an object, else the empty string. */
function emptyValue(schema: JsonSchema): unknown {
  return schema.type === 'array' ? [] : schema.type === 'object' ? {} : '';
}

function isNullable(schema: JsonSchema): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
}
