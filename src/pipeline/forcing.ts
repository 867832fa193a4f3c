import { MAX_STREAM_COUNT, MAX_STREAM_INTERVAL_MS, MAX_STREAM_MS } from '../answer/stream-plan.js';
import { MAX_DELAY_MS } from '../mock-extensions.js';
import { defaultStatus, findResponse } from '../openapi/find-response.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';
import { FORCING_QUERY_KEYS, forcingQueryName } from '../protocol.js';
import { readPrefer } from './prefer.js';
import { type Exchange, type Forcing, NO_FINDINGS, type Stage } from './types.js';

const QUERY_KEYS = FORCING_QUERY_KEYS;
/** `delay` and `validate` are read from Prefer only; `validate` by the validation stage (validation-switch.ts), checked here. */
const KEYS = [...QUERY_KEYS, 'delay', 'validate'] as const;
type Key = (typeof KEYS)[number];
const QUERY_NAMES = QUERY_KEYS.map((key) => [key, forcingQueryName(key)] as const);
/** The Forcing member each forcing key sets. */
const MEMBERS: Readonly<Record<Exclude<Key, 'delay' | 'validate'>, keyof Forcing>> = {
  code: 'code',
  example: 'example',
  dynamic: 'dynamic',
  seed: 'seed',
  'stream-count': 'streamCount',
  'stream-interval': 'streamInterval',
};

/**
 * Forcing: reads `Prefer` and the `__code`/`__example`/`__dynamic`/`__seed` (and, for streams,
 * `__stream_count`/`__stream_interval`) query fallback (the header wins key by key) and checks that the document can give what was asked for.
 */
export const readForcing: Stage = (exchange) => {
  const header = exchange.headers.prefer;
  // Most requests force nothing: answer them without building anything.
  if (header === undefined && !forcesByQuery(exchange.query)) return NO_FINDINGS;
  const raw = new Map<Key, string>();
  for (const [key, name] of QUERY_NAMES) {
    const value = exchange.query[name];
    if (value !== undefined) raw.set(key, Array.isArray(value) ? String(value[value.length - 1]) : value);
  }
  for (const [key, value] of readPrefer(header)) if ((KEYS as readonly string[]).includes(key)) raw.set(key as Key, value);
  if (raw.size === 0) return NO_FINDINGS;
  const findings: Finding[] = [];
  const forcing: { -readonly [K in keyof Forcing]: Forcing[K] } = {};
  let forces = false;
  let delay: number | undefined;
  for (const [key, value] of raw) {
    const parsed = parseValue(key, value);
    if (typeof parsed === 'string') findings.push(invalid(key, parsed));
    else if (key === 'delay') delay = parsed.value as number;
    else if (key !== 'validate') {
      Object.assign(forcing, { [MEMBERS[key]]: parsed.value });
      forces = true;
    }
  }
  // A delay asked for is kept even when the request is rejected: its rejection waits too.
  if (!forces) return delay === undefined ? findings : { asked: { delay }, findings };
  const lasts = (forcing.streamCount ?? 0) * (forcing.streamInterval ?? 0);
  if (lasts > MAX_STREAM_MS)
    findings.push(
      invalid(
        'stream-interval',
        `a stream of ${forcing.streamCount} items ${forcing.streamInterval} ms apart would last longer than ${MAX_STREAM_MS} ms`,
      ),
    );
  const operation = exchange.operation;
  if (operation && findings.length === 0) findings.push(...checkAvailable(operation, forcing));
  if (findings.length > 0) return delay === undefined ? findings : { asked: { delay }, findings };
  return { asked: delay === undefined ? { forcing } : { forcing, delay } };
};

function forcesByQuery(query: Exchange['query']): boolean {
  for (const [, name] of QUERY_NAMES) if (query[name] !== undefined) return true;
  return false;
}

function parseValue(key: Key, value: string): { value: string | number | boolean } | string {
  switch (key) {
    case 'code':
      return /^[1-5]\d\d$/.test(value) ? { value: Number(value) } : `code must be an HTTP status (100-599), got "${value}"`;
    case 'seed':
      return /^\d{1,15}$/.test(value) ? { value: Number(value) } : `seed must be a non-negative integer, got "${value}"`;
    case 'dynamic':
    case 'validate':
      return value === 'true' || value === 'false' ? { value: value === 'true' } : `${key} must be true or false, got "${value}"`;
    case 'delay':
      return /^\d{1,9}$/.test(value) && Number(value) <= MAX_DELAY_MS
        ? { value: Number(value) }
        : `delay must be milliseconds from 0 to ${MAX_DELAY_MS}, got "${value}"`;
    case 'example':
      return value !== '' ? { value } : 'example needs a name';
    case 'stream-count':
      return /^\d{1,5}$/.test(value) && Number(value) <= MAX_STREAM_COUNT
        ? { value: Number(value) }
        : `stream-count must be an integer from 0 to ${MAX_STREAM_COUNT}, got "${value}"`;
    case 'stream-interval':
      return /^\d{1,5}$/.test(value) && Number(value) <= MAX_STREAM_INTERVAL_MS
        ? { value: Number(value) }
        : `stream-interval must be milliseconds from 0 to ${MAX_STREAM_INTERVAL_MS}, got "${value}"`;
  }
}

function checkAvailable(operation: MockOperation, forcing: Forcing): readonly Finding[] {
  const status = forcing.code ?? defaultStatus(operation);
  const response = findResponse(operation, status);
  if (!response) {
    const codes = operation.responses.map((r) => r.code).join(', ');
    return [invalid('code', `${operation.id} defines no response ${status}; it defines ${codes}`)];
  }
  if (forcing.example !== undefined) {
    const names = response.contents.flatMap((c) => c.examples.map((e) => e.name));
    if (!names.includes(forcing.example)) {
      const known = names.length > 0 ? names.join(', ') : 'none';
      return [invalid('example', `response ${response.code} of ${operation.id} has no example "${forcing.example}"; examples: ${known}`)];
    }
  }
  return NO_FINDINGS;
}

function invalid(key: Key, message: string): Finding {
  return { location: 'forcing', path: [key], code: 'invalid-forcing', message };
}
