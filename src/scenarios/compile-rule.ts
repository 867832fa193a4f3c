import { ERRORS, type ErrorCode } from '../errors.js';
import { parsePointer } from '../json/json-pointer.js';
import type { Fault } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { parseTemplate } from '../openapi/runtime-expression.js';
import { compileDelay, type RawDelay } from './delay.js';
import { compileMatch, type RawMatch } from './match-rule.js';
import type { Rule, Step } from './scenario-types.js';

/** A step as written in a file (already checked against the JSON Schema). */
export interface RawStep {
  readonly times?: number;
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly template?: unknown;
  readonly generate?: true | { readonly seed: number };
  readonly error?: { readonly code: string; readonly params?: Readonly<Record<string, string | number>> };
  readonly delay?: RawDelay;
  readonly fault?: Fault | { readonly kind: Fault; readonly probability?: number };
  /** A reason; `true` (recordings): still checked, what breaks the contract a warning (see load-scenarios.ts). */
  readonly offContract?: string | true;
  readonly webhook?: { readonly name: string; readonly url: string; readonly body?: unknown };
  readonly stream?: {
    readonly items?: readonly { readonly item: unknown; readonly delay?: number }[];
    readonly count?: number;
    readonly interval?: number;
    readonly stopAfter?: number;
    readonly breakAfter?: number;
  };
}

export interface RawRule {
  readonly operation: string;
  readonly match?: RawMatch;
  readonly store?: string;
  readonly respond?: RawStep;
  readonly sequence?: readonly RawStep[];
}

/**
 * Compiles one rule: resolves its operation, regexes, delays, error codes and the webhooks its steps
 * send (`webhooks`: the document's names); a message when one is wrong.
 */
export function compileRule(raw: RawRule, index: number, operations: readonly MockOperation[], webhooks: readonly string[]): Rule | string {
  let operationId: string | undefined;
  if (raw.operation !== '*') {
    const wanted = raw.operation.trim();
    const operation = operations.find(
      (op) => op.id === wanted || `${op.method} ${op.path}` === wanted.replace(/^(\S+)/, (m) => m.toUpperCase()),
    );
    if (!operation) {
      const known = operations.map((op) => `${op.id} (${op.method} ${op.path})`).join(', ');
      return `operation "${raw.operation}" is not in the document; it has ${known}, or * for all`;
    }
    operationId = operation.id;
  }
  const match = compileMatch(raw.match);
  if (typeof match === 'string') return match;
  const steps: Step[] = [];
  for (const [i, rawStep] of (raw.sequence ?? [raw.respond ?? {}]).entries()) {
    const step = compileStep(rawStep, webhooks);
    if (typeof step === 'string') return raw.sequence ? `step ${i + 1}: ${step}` : step;
    steps.push(step);
  }
  return { index, operationId, match, store: raw.store === undefined ? undefined : parsePointer(raw.store), steps };
}

function compileStep(raw: RawStep, webhooks: readonly string[]): Step | string {
  if (raw.webhook !== undefined && !webhooks.includes(raw.webhook.name)) {
    const known = webhooks.length > 0 ? `it has ${webhooks.join(', ')}` : 'it has none';
    return `webhook "${raw.webhook.name}" is not in the document's webhooks; ${known}`;
  }
  const url = raw.webhook === undefined ? undefined : parseTemplate(raw.webhook.url);
  if (url !== undefined && 'error' in url) return `webhook "${raw.webhook?.name}" url: ${url.error}`;
  const delay = compileDelay(raw.delay);
  if (typeof delay === 'string') return delay;
  let body: Step['body'];
  if (raw.error !== undefined) {
    if (!Object.hasOwn(ERRORS, raw.error.code))
      return `error code "${raw.error.code}" is not in the catalogue; codes: ${Object.keys(ERRORS).join(', ')}`;
    body = { kind: 'error', code: raw.error.code as ErrorCode, params: raw.error.params ?? {} };
  } else if ('body' in raw) body = { kind: 'literal', value: raw.body };
  else if ('template' in raw) body = { kind: 'template', value: raw.template };
  else if (raw.generate !== undefined) body = { kind: 'generate', seed: raw.generate === true ? undefined : raw.generate.seed };
  if (raw.stream !== undefined && body !== undefined)
    return 'a stream step streams its own items: leave out body, template, generate and error';
  if (raw.stream?.items !== undefined && raw.stream.count !== undefined) return 'a stream step gives items or a count, not both';
  const fault =
    raw.fault === undefined
      ? undefined
      : typeof raw.fault === 'string'
        ? { kind: raw.fault, probability: 1 }
        : { kind: raw.fault.kind, probability: raw.fault.probability ?? 1 };
  return {
    times: raw.times ?? 1,
    status: raw.status,
    headers: raw.headers ?? {},
    body,
    delay,
    fault,
    offContract: raw.offContract === true ? undefined : raw.offContract,
    ...(raw.offContract === true ? { offContractUnsaid: true as const } : {}),
    ...(raw.webhook ? { webhook: raw.webhook } : {}),
    stream: raw.stream && {
      items: raw.stream.items?.map(({ item, delay }) => ({ item, delayMs: delay })),
      count: raw.stream.count,
      intervalMs: raw.stream.interval,
      stopAfter: raw.stream.stopAfter,
      breakAfter: raw.stream.breakAfter,
    },
  };
}
