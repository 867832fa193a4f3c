import { isDeepStrictEqual } from 'node:util';
import { Document, type YAMLMap } from 'yaml';
import { escapeToken, parsePointer, resolvePointer } from '../../json/json-pointer.js';
import { stringifyJson } from '../../json/stringify-json.js';
import { TimeSlices } from '../../time-slice.js';
import type { RecordedExchange, RecordedStep } from './recorded-exchange.js';

type Condition = { readonly equals: unknown } | { readonly exists: false };
type Match = Partial<Record<'query' | 'params' | 'body', Record<string, Condition>>>;

interface RecordedRule {
  readonly operation: string;
  readonly match: Match;
  readonly steps: { readonly step: RecordedStep; readonly findings: readonly string[] }[];
}

/** Where a file's answers came from: its first comment, and the comment above an answer that drifts. */
export interface RecordingOrigin {
  readonly comment: string;
  readonly drift: string;
}

const RECORDED_ORIGIN: RecordingOrigin = {
  comment: ' Recorded through the proxy; see docs/proxy.md#recording.',
  drift: " The real service's answer drifts from the document:",
};

/**
 * A recording as a scenario file: rules grouped by operation, each matching the request parts that
 * differ between that operation's exchanges (query and path parameters, body fields; the rest is the
 * same for all, so matching it would only make the replay brittle). Exchanges that match alike answer
 * in turn (a sequence, the last answer repeating). Keys sorted, so the same traffic writes the same file.
 * Made a step at a time, the event loop let go between slices: a full file takes the YAML library most
 * of a second, which no other request should wait for.
 */
export async function recordingText(
  description: string,
  exchanges: readonly RecordedExchange[],
  spec: string | undefined,
  origin = RECORDED_ORIGIN,
): Promise<string> {
  const rules = rulesOf(exchanges);
  const head = new Document({ description, ...(spec === undefined ? {} : { spec }), ...(rules.length === 0 ? { rules } : {}) });
  head.commentBefore = origin.comment;
  const parts = [head.toString({ lineWidth: 0 })];
  if (rules.length > 0) parts.push('rules:\n');
  const slices = new TimeSlices();
  for (const rule of rules) {
    const steps = rule.steps.map(({ step, findings }) => ({ ...stepOf(step), ...(findings.length > 0 ? { offContract: true } : {}) }));
    const match = Object.keys(rule.match).length > 0 ? { match: rule.match } : {};
    for (let s = 0; s < steps.length; s++) {
      await slices.pauseIfSpent();
      // The rule with its first step, then each further step of its sequence alone, cut out of the same frame.
      const single = steps.length === 1;
      const piece = {
        operation: rule.operation,
        ...(s === 0 ? match : {}),
        ...(single ? { respond: steps[0] } : { sequence: [steps[s]] }),
      };
      const document = new Document({ rules: [piece] }, { aliasDuplicateObjects: false });
      const findings = rule.steps[s]?.findings ?? [];
      if (findings.length > 0) {
        const node = document.getIn(single ? ['rules', 0, 'respond'] : ['rules', 0, 'sequence', 0], true) as YAMLMap;
        node.commentBefore = driftComment(origin, findings);
      }
      const lines = document.toString({ lineWidth: 0 }).split('\n');
      const framing = s === 0 ? 1 : lines.indexOf('    sequence:') + 1;
      parts.push(lines.slice(framing).join('\n'));
      if (!parts[parts.length - 1]?.endsWith('\n')) parts.push('\n');
    }
  }
  return parts.join('');
}

function rulesOf(exchanges: readonly RecordedExchange[]): RecordedRule[] {
  const byOperation = new Map<string, RecordedExchange[]>();
  for (const exchange of exchanges) {
    const list = byOperation.get(exchange.operationId) ?? [];
    list.push(exchange);
    byOperation.set(exchange.operationId, list);
  }
  const rules: RecordedRule[] = [];
  for (const operation of [...byOperation.keys()].sort()) {
    const own = byOperation.get(operation) as RecordedExchange[];
    const differing = {
      query: differingKeys(own.map((e) => e.request.query)),
      params: differingKeys(own.map((e) => e.request.params)),
      body: differingKeys(own.map((e) => leaves(e.request.body))),
    };
    const byMatch = new Map<string, RecordedRule>();
    for (const exchange of own) {
      const match = matchOf(exchange, differing);
      const key = stringifyJson(match);
      const rule = byMatch.get(key) ?? { operation, match, steps: [] };
      rule.steps.push({ step: exchange.step, findings: exchange.findings });
      byMatch.set(key, rule);
    }
    rules.push(...[...byMatch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, rule]) => rule));
  }
  return rules;
}

function stepOf(step: RecordedStep): Record<string, unknown> {
  return {
    ...(step.status === undefined ? {} : { status: step.status }),
    ...(step.headers !== undefined && Object.keys(step.headers).length > 0 ? { headers: step.headers } : {}),
    ...('body' in step ? { body: step.body } : {}),
  };
}

function driftComment(origin: RecordingOrigin, findings: readonly string[]): string {
  return `${origin.drift}\n${findings.map((f) => ` - ${oneLine(f)}`).join('\n')}`;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/** The keys whose value is not the same in every record (missing counts as a value). */
function differingKeys(records: readonly Readonly<Record<string, unknown>>[]): string[] {
  const keys = new Set(records.flatMap((record) => Object.keys(record)));
  const first = records[0] ?? {};
  return [...keys].filter((key) => records.some((record) => !isDeepStrictEqual(record[key], first[key]))).sort();
}

/** A body as JSON pointers to its leaves (arrays are leaves); a body that is not an object is the pointer ''. */
function leaves(body: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (body === undefined) return out;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    out[prefix] = body;
    return out;
  }
  for (const [key, value] of Object.entries(body)) leaves(value, `${prefix}/${escapeToken(key)}`, out);
  return out;
}

function matchOf(exchange: RecordedExchange, differing: Readonly<Record<'query' | 'params' | 'body', readonly string[]>>): Match {
  const { query, params, body } = exchange.request;
  const valueAt = {
    query: (key: string) => (Object.hasOwn(query, key) ? query[key] : undefined),
    params: (key: string) => (Object.hasOwn(params, key) ? params[key] : undefined),
    // Resolved, not read from the leaves: where another exchange has a leaf below it, this one may hold an object.
    body: (key: string) => resolvePointer(body, parsePointer(key)),
  };
  const match: Match = {};
  for (const part of ['body', 'params', 'query'] as const) {
    if (differing[part].length === 0) continue;
    const conditions: Record<string, Condition> = {};
    for (const key of differing[part]) {
      const value = valueAt[part](key);
      conditions[key] = value === undefined ? { exists: false } : { equals: matchable(value) };
    }
    match[part] = conditions;
  }
  return match;
}

/** Integers beyond 2^53 as text: a YAML number would lose their last digits (the matcher compares them as text). */
function matchable(value: unknown): unknown {
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(matchable);
  return value;
}
