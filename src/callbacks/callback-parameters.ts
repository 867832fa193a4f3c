import { parameterValue, scalarText, validPart } from '../answer/header-plan.js';
import type { DataGenerator } from '../generate/data-generator.js';
import type { MockCallback, MockHeader, MockQueryParameter } from '../openapi/operation.js';

/** A callback's documented query and cookie values, written as a request carries them. */
export interface PlannedParameters {
  /** Name and value pairs for the URL's query, in the document's order. */
  readonly query: readonly (readonly [string, string])[];
  /** The `Cookie` header's value; undefined when the callback has no cookie parameter with a value. */
  readonly cookie: string | undefined;
}

const PLANNED = new WeakMap<MockCallback, PlannedParameters>();

/**
 * A callback's query and cookie parameters, each valued as its headers are (the example, the schema's
 * documented value, else generated from a fixed seed; a value that breaks the schema is never sent),
 * worked out once: they depend on the document alone.
 */
export function plannedParameters(callback: MockCallback, generator: DataGenerator): PlannedParameters {
  let planned = PLANNED.get(callback);
  if (planned === undefined) {
    const query = (callback.query ?? []).flatMap((parameter) => {
      const value = parameterValue(validPart(parameter), generator);
      return value === undefined ? [] : queryPairs(parameter, value.value);
    });
    const cookies = (callback.cookies ?? []).flatMap((parameter: MockHeader) => {
      const value = parameterValue(validPart(parameter), generator);
      return value === undefined ? [] : [`${cookieOctets(parameter.name).replaceAll('=', '%3D')}=${cookieValue(value.value)}`];
    });
    planned = { query, cookie: cookies.length > 0 ? cookies.join('; ') : undefined };
    PLANNED.set(callback, planned);
  }
  return planned;
}

/**
 * One query parameter as OpenAPI writes it: `form` (the default) repeats the name per array item when
 * exploded (the default) and joins with commas when not; `spaceDelimited` and `pipeDelimited` join
 * an array; `deepObject` writes `name[key]=value`; an exploded `form` object is one pair per property.
 */
export function queryPairs(parameter: MockQueryParameter, value: unknown): [string, string][] {
  const name = parameter.name;
  const style = parameter.style ?? 'form';
  const explode = parameter.explode ?? style === 'form';
  if (Array.isArray(value)) {
    const items = value.map(scalarText);
    if (style === 'spaceDelimited') return [[name, items.join(' ')]];
    if (style === 'pipeDelimited') return [[name, items.join('|')]];
    return explode ? items.map((item) => [name, item]) : [[name, items.join(',')]];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, scalarText(item)] as [string, string]);
    if (style === 'deepObject') return entries.map(([key, item]) => [`${name}[${key}]`, item]);
    return explode ? entries : [[name, entries.flat().join(',')]];
  }
  return [[name, scalarText(value)]];
}

/** A cookie value holds no separators, quotes, spaces or controls (RFC 6265 cookie-octet): others are percent-encoded. */
function cookieValue(value: unknown): string {
  return cookieOctets(Array.isArray(value) ? value.map(scalarText).join(',') : scalarText(value));
}

/**
 * Text percent-encoded down to RFC 6265 cookie-octets, for a value and for a name too (whose `=` is
 * encoded as well): a document's name holding `;` or a line break would otherwise add a cookie or a
 * header of its own. A lone
 * surrogate, which encodeURIComponent throws on, is written as U+FFFD, as UTF-8 writes it.
 */
function cookieOctets(text: string): string {
  return text.replace(/[^\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]/gu, (c) =>
    encodeURIComponent(/^[\ud800-\udfff]$/u.test(c) ? '\ufffd' : c),
  );
}
