import type { MockOperation } from '../openapi/operation.js';
import { declaredParameters } from '../prism/operation-parameters.js';
import type { Resource } from './infer-resources.js';
import { ownValue, propertiesOf } from './schema-shape.js';

const LIMIT = /^(limit|per_?page|page_?size|size|max_?results|count)$/i;
const OFFSET = /^(offset|skip|start)$/i;
const PAGE = /^(page|page_?number)$/i;

/** How a list operation's query reads, worked out once per document load from its declared parameters. */
export interface ListPlan {
  /** Query parameter -> the record field it filters (`tags` -> `tag`). */
  readonly filters: ReadonlyMap<string, string>;
  readonly limit: string | undefined;
  readonly offset: string | undefined;
  readonly page: string | undefined;
}

export function planList(resource: Resource, list: MockOperation): ListPlan {
  const fields = new Set([...propertiesOf(resource.recordSchema).keys(), resource.idField]);
  const filters = new Map<string, string>();
  let limit: string | undefined;
  let offset: string | undefined;
  let page: string | undefined;
  for (const { name, in: where } of declaredParameters(list)) {
    if (where !== 'query') continue;
    if (LIMIT.test(name)) limit ??= name;
    else if (OFFSET.test(name)) offset ??= name;
    else if (PAGE.test(name)) page ??= name;
    else {
      const field = [name, name.replace(/e?s$/, ''), name.replace(/ies$/, 'y')].find((f) => fields.has(f));
      if (field !== undefined) filters.set(name, field);
    }
  }
  return { filters, limit, offset, page };
}

type Query = Readonly<Record<string, string | string[] | undefined>>;

/** The records a list answers: filtered by the query's field parameters, then the page asked for. */
export function selectRecords(plan: ListPlan, records: Iterable<Record<string, unknown>>, query: Query): Record<string, unknown>[] {
  const wanted: [string, Set<string>][] = [];
  for (const [param, field] of plan.filters) {
    const values = valuesOf(query[param]);
    if (values.length > 0) wanted.push([field, new Set(values)]);
  }
  const selected: Record<string, unknown>[] = [];
  for (const record of records) if (wanted.every(([field, values]) => fits(ownValue(record, field), values))) selected.push(record);
  const limit = numberOf(query, plan.limit);
  const page = numberOf(query, plan.page);
  let start = numberOf(query, plan.offset) ?? 0;
  if (page !== undefined && limit !== undefined) start = Math.max(0, page - 1) * limit;
  return selected.slice(start, limit === undefined ? undefined : start + limit);
}

function fits(value: unknown, wanted: Set<string>): boolean {
  if (Array.isArray(value)) return value.some((v) => wanted.has(String(v)));
  return value !== undefined && value !== null && wanted.has(String(value));
}

function valuesOf(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(',')).filter((v) => v !== '');
}

function numberOf(query: Query, name: string | undefined): number | undefined {
  const raw = name === undefined ? undefined : query[name];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}
