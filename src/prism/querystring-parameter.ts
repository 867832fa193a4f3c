import type { QuerystringParameter } from '../document/oas32.js';
import type { Finding } from '../problem.js';
import { ValidationContext, validateAgainstSchema } from './prism-internals.js';

type Query = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Checks an OpenAPI 3.2 `in: querystring` parameter: the whole query string as one value of its media
 * type, validated against its schema. Form-encoded, it is the query's names and values (a repeated
 * name gives an array); of another media type (JSON, say), the query string is the value's text, which
 * reaches the mock as the query's one name.
 */
export function checkQuerystring(parameter: QuerystringParameter, query: Query, bundle: unknown): Finding[] {
  const names = Object.keys(query);
  if (names.length === 0) {
    return parameter.required ? [{ location: 'query', path: [parameter.name], code: 'required', message: 'is required' }] : [];
  }
  const value = queryValue(parameter.mediaType, query, names);
  if (value === undefined) {
    return [{ location: 'query', path: [parameter.name], code: 'type', message: `is not ${parameter.mediaType}` }];
  }
  if (parameter.schema === undefined) return [];
  const result = validateAgainstSchema(value, parameter.schema, true, ValidationContext.Input, 'query', bundle);
  if (result._tag === 'None') return [];
  return result.value.map((d) => ({
    location: 'query' as const,
    path: [parameter.name, ...(d.path ?? []).slice(1).map(String)],
    code: String(d.code ?? 'invalid'),
    message: d.message.replace(/^Request query (property |parameter )?(\S+ )?/, ''),
  }));
}

function queryValue(mediaType: string, query: Query, names: readonly string[]): unknown {
  if (/^application\/x-www-form-urlencoded\b/i.test(mediaType)) return { ...query };
  const text = names.length === 1 && (query[names[0] as string] === '' || query[names[0] as string] === undefined) ? names[0] : undefined;
  if (text === undefined || !/json/i.test(mediaType)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
