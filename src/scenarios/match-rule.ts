import { isDeepStrictEqual } from 'node:util';
import safeRegex from 'safe-regex2';
import { linearRegExp, patternCheck } from '../document/linear-regexp.js';
import { parsePointer, resolvePointer } from '../json/json-pointer.js';
import { stringifyJson } from '../json/stringify-json.js';
import type { Exchange } from '../pipeline/types.js';
import type { CompiledMatch, Condition } from './scenario-types.js';

/** Longer values never match a regex: with safe patterns this bounds the work per request. */
export const MAX_REGEX_INPUT = 10_000;

export interface RawCondition {
  readonly equals?: unknown;
  readonly regex?: string;
  readonly exists?: boolean;
  readonly type?: string;
}

export interface RawMatch {
  readonly headers?: Readonly<Record<string, RawCondition>>;
  readonly query?: Readonly<Record<string, RawCondition>>;
  readonly params?: Readonly<Record<string, RawCondition>>;
  readonly body?: Readonly<Record<string, RawCondition>>;
  readonly stored?: string;
  readonly notStored?: string;
}

/** Compiles a file's `match`; returns a message for a regex that is invalid or could hang the server. */
export function compileMatch(raw: RawMatch | undefined): CompiledMatch | string {
  const conditions = (entries: Readonly<Record<string, RawCondition>> | undefined, where: string) =>
    Object.entries(entries ?? {}).map(([key, condition]) => {
      const compiled = compileCondition(condition, `${where} ${key}`);
      if (typeof compiled === 'string') throw new BadPattern(compiled);
      return [key, compiled] as const;
    });
  try {
    return {
      headers: conditions(raw?.headers, 'header').map(([name, c]) => [name.toLowerCase(), c] as const),
      query: conditions(raw?.query, 'query'),
      params: conditions(raw?.params, 'path parameter'),
      body: conditions(raw?.body, 'body').map(([pointer, c]) => [parsePointer(pointer), c] as const),
      stored: raw?.stored === undefined ? undefined : parsePointer(raw.stored),
      notStored: raw?.notStored === undefined ? undefined : parsePointer(raw.notStored),
    };
  } catch (error) {
    if (error instanceof BadPattern) return error.message;
    throw error;
  }
}

class BadPattern extends Error {}

/**
 * A regex that could backtrack runs on RE2's linear-time engine, like the document's patterns; one RE2
 * cannot run either (lookaround, backreferences) is refused at start-up, since a scenario must match
 * exactly what it says.
 */
function compileCondition(raw: RawCondition, where: string): Condition | string {
  let regex: Condition['regex'];
  if (raw.regex !== undefined) {
    let native: RegExp;
    try {
      native = new RegExp(raw.regex, 'u');
    } catch (error) {
      return `match ${where}: invalid regex ${JSON.stringify(raw.regex)}: ${(error as Error).message}`;
    }
    regex = native;
    if (!safeRegex(native)) {
      if (patternCheck(raw.regex) !== 'linear')
        return `match ${where}: regex ${JSON.stringify(raw.regex)} could backtrack catastrophically and uses lookaround or backreferences, which the linear-time engine cannot run; simplify it`;
      regex = linearRegExp(raw.regex, 'u');
    }
  }
  return {
    ...('equals' in raw ? { equals: { value: raw.equals } } : {}),
    ...(regex ? { regex } : {}),
    ...(raw.exists !== undefined ? { exists: raw.exists } : {}),
    ...(raw.type !== undefined ? { type: raw.type } : {}),
  };
}

/** Whether the request fits every condition of the match; `stored` is the session's stored data. */
export function matches(match: CompiledMatch, exchange: Exchange, stored: ReadonlyMap<string, unknown>): boolean {
  for (const [name, condition] of match.headers) if (!holds(condition, headerValue(exchange.headers[name]))) return false;
  for (const [name, condition] of match.query) {
    const value = Object.hasOwn(exchange.query, name) ? exchange.query[name] : undefined;
    if (!holds(condition, Array.isArray(value) ? value[value.length - 1] : value)) return false;
  }
  for (const [name, condition] of match.params) {
    const params = exchange.pathParams;
    if (!holds(condition, params !== undefined && Object.hasOwn(params, name) ? params[name] : undefined)) return false;
  }
  for (const [pointer, condition] of match.body) if (!holds(condition, resolvePointer(exchange.body, pointer))) return false;
  if (match.stored && !stored.has(storeKey(resolvePointer(exchange.body, match.stored)) ?? '')) return false;
  if (match.notStored) {
    const key = storeKey(resolvePointer(exchange.body, match.notStored));
    if (key !== undefined && stored.has(key)) return false;
  }
  return true;
}

/** The key stored data is kept under: the value's text (so 42 and 42n are one key), undefined for none. */
export function storeKey(value: unknown): string | undefined {
  if (value === undefined || value === null || typeof value === 'object') return undefined;
  return String(value);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function holds(condition: Condition, value: unknown): boolean {
  if (condition.exists !== undefined && condition.exists !== (value !== undefined)) return false;
  if (condition.type !== undefined && typeOf(value) !== condition.type && !(condition.type === 'number' && typeOf(value) === 'integer'))
    return false;
  if (condition.equals !== undefined && !equal(condition.equals.value, value)) return false;
  if (condition.regex !== undefined) {
    if (value === undefined) return false;
    const text = typeof value === 'string' ? value : stringifyJson(value);
    if (text.length > MAX_REGEX_INPUT || !condition.regex.test(text)) return false;
  }
  return true;
}

function equal(expected: unknown, actual: unknown): boolean {
  if (typeof actual === 'bigint' || typeof expected === 'bigint') return String(actual) === String(expected);
  return isDeepStrictEqual(expected, actual);
}

function typeOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return 'integer';
  return typeof value;
}
