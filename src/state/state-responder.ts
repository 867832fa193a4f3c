import { randomUUID } from 'node:crypto';
import type { Compose } from '../answer/compose.js';
import type { ErrorShapes } from '../answer/error-shape.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { type OverBudget, overBudgetProblem } from '../json/byte-budget.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Answer, Exchange, Proposal, Responder } from '../pipeline/types.js';
import { problemResponse } from '../problem.js';
import type { Provenance } from '../provenance.js';
import { andThen, idKey, type Maybe, type SessionStore, type StoredRecord } from '../sessions/session-store.js';
import { conflictError, notFoundError } from './documented-error.js';
import type { Action, Resource, StateModel } from './infer-resources.js';
import { type ListPlan, planList, selectRecords } from './list-query.js';
import { fillRequired, listBody, mergePatch, planSuccess, recordBody, type SuccessPlan, withoutReadOnly } from './record-answers.js';
import { isRecord, setOwn } from './schema-shape.js';

export interface StateResponderOptions {
  readonly model: StateModel;
  /** The mock's sessions, which hold the records. */
  readonly sessions: SessionStore;
  readonly generator: DataGenerator;
  /** The server's error shapes, the ones its rejections use. */
  readonly errorShapes: ErrorShapes;
  /** The server's one way to make an answer: the simulator's success answers ask it. */
  readonly compose: Compose;
  readonly maxResources: number;
  /** `--stateful`: every request; otherwise only those a stateful scenario passed on (`effects.stateful`). */
  readonly always: boolean;
}

interface Prepared {
  readonly resource: Resource;
  readonly action: Action;
  readonly success: SuccessPlan;
  readonly list: ListPlan | undefined;
  readonly location: boolean;
  readonly provenance: Provenance;
}

interface Call {
  readonly exchange: Exchange;
  readonly operation: MockOperation;
  readonly prepared: Prepared;
  readonly sessions: SessionStore;
  /** The concrete collection path (`/owners/7/pets`). */
  readonly path: string;
  readonly shapes: ErrorShapes;
  readonly compose: Compose;
}

/**
 * Answers the operations of inferred resources from the session's records. Each write is one store
 * operation (insert if absent, replace if present, remove), so parallel requests never undo each
 * other's work; with the in-memory store every call is synchronous.
 * Forcing (`Prefer`, `__code`) and scenario rules answer before it.
 */
export function createStateResponder(options: StateResponderOptions): Responder {
  const prepared = new Map<MockOperation, Prepared>();
  const shapes = options.errorShapes;
  const compose = options.compose;
  for (const [operation, { resource, action }] of options.model.bindings) {
    const success = planSuccess(operation, action);
    prepared.set(operation, {
      resource,
      action,
      success,
      list: action === 'list' ? planList(resource, operation) : undefined,
      location: action === 'create' && documentsHeader(operation, String(success.status), 'location'),
      provenance: { kind: 'state', action },
    });
  }
  return (exchange, effects) => {
    if (exchange.asked?.forcing || (!options.always && effects.stateful !== true)) return undefined;
    const operation = exchange.operation;
    const found = operation && prepared.get(operation);
    if (!operation || !found) return undefined;
    const path = concretePath(found.resource.collection, exchange.pathParams);
    const call: Call = { exchange, operation, prepared: found, sessions: options.sessions, path, shapes, compose };
    return respond(call, options);
  };
}

/**
 * The success answer, asked of the server's composer: the record or list as JSON in the success status's
 * JSON content (no body where that status documents none), with the simulator's own headers.
 */
function done(call: Call, body: () => unknown, headers?: Record<string, string>): Answer {
  const { prepared } = call;
  const want = { status: prepared.success.status, body: { make: body }, headers, documented: 'none', withoutContent: 'none' } as const;
  return call.compose(call.exchange, { ...want, provenance: prepared.provenance });
}

function respond(call: Call, options: StateResponderOptions): Maybe<Proposal> {
  const { exchange, prepared, operation, sessions, path } = call;
  const { resource, success, action } = prepared;
  const session = exchange.session.id;
  const generator = options.generator;
  if (action === 'list')
    return andThen(sessions.listRecords(session, path), (all) => {
      const records = selectRecords(prepared.list as ListPlan, all, exchange.query);
      return done(call, () => listBody(success, records, records.length, generator));
    });
  if (action === 'create') return create(call, options);
  const id = exchange.pathParams?.[resource.idParam ?? ''];
  if (id === undefined) return undefined;
  const key = idKey(id);
  const notFound = (): Answer => {
    const response = notFoundError(call.shapes, operation, { resource: resource.noun, id });
    return { response, provenance: { kind: 'state', action, outcome: 'not-found' } };
  };
  if (action === 'remove')
    return andThen(sessions.removeRecord(session, path, key), (removed) =>
      removed ? done(call, () => recordBody(success, removed)) : notFound(),
    );
  return andThen(sessions.readRecord(session, path, key), (existing) => {
    if (!existing) return notFound();
    if (action === 'read') return done(call, () => recordBody(success, existing));
    if (!isRecord(exchange.body)) return undefined;
    const next =
      action === 'merge'
        ? (mergePatch(existing, withoutReadOnly(exchange.body, resource.recordSchema)) as StoredRecord)
        : { ...readOnlyOf(existing, resource), ...withoutReadOnly(exchange.body, resource.recordSchema) };
    next[resource.idField] = existing[resource.idField];
    fillRequired(next, resource.recordSchema, generator);
    return andThen(sessions.updateRecord(session, path, key, next), (outcome) => {
      if (outcome === 'missing') return notFound();
      return outcome ? overBudget(exchange, outcome, action) : done(call, () => recordBody(success, next));
    });
  });
}

function create(call: Call, options: StateResponderOptions): Maybe<Answer | undefined> {
  const { exchange, prepared, sessions, path } = call;
  const { resource, success } = prepared;
  if (!isRecord(exchange.body)) return undefined;
  const record = withoutReadOnly(exchange.body, resource.recordSchema, resource.idReadOnly ? undefined : resource.idField);
  if (resource.idKind === 'uuid') record[resource.idField] ??= randomUUID();
  const how = {
    idField: resource.idField,
    assign: resource.idKind === 'string' ? 'string' : 'integer',
    maxRecords: options.maxResources,
    complete: (kept: StoredRecord) => fillRequired(kept, resource.recordSchema, options.generator),
  } as const;
  return andThen(sessions.insertRecord(exchange.session.id, path, record, how), (outcome) => {
    if (outcome.kind === 'conflict') {
      const response = conflictError(call.shapes, call.operation, { resource: resource.noun, id: String(outcome.id) });
      return { response, provenance: { kind: 'state', action: 'create', outcome: 'conflict' } };
    }
    if (outcome.kind === 'over-limit') {
      const response = problemResponse({ code: 'TOO_MANY_RESOURCES', params: { max: options.maxResources } });
      return { response, provenance: { kind: 'state', action: 'create', outcome: 'over-limit' } };
    }
    if (outcome.kind === 'over-budget') return overBudget(exchange, outcome.over, 'create');
    const id = record[resource.idField];
    // A document mounted at a base path is reached through it: so is the record the Location names.
    const base = exchange.document === undefined || exchange.document.base === '/' ? '' : exchange.document.base;
    const headers: Record<string, string> =
      prepared.location && resource.item ? { location: `${base}${path.replace(/\/$/, '')}/${encodeURIComponent(String(id))}` } : {};
    return done(call, () => recordBody(success, outcome.record), headers);
  });
}

function overBudget(exchange: Exchange, over: OverBudget, action: Action): Answer {
  const response = problemResponse(overBudgetProblem(over, exchange.rawBody?.length ?? 0));
  return { response, provenance: { kind: 'state', action, outcome: 'over-limit' } };
}

function readOnlyOf(record: Record<string, unknown>, resource: Resource): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record))
    if (!Object.hasOwn(withoutReadOnly({ [name]: value }, resource.recordSchema), name)) setOwn(kept, name, value);
  return kept;
}

/** The collection's path with the request's path parameters (`/owners/{ownerId}/pets` -> `/owners/7/pets`). */
function concretePath(template: string, params: Readonly<Record<string, string>> | undefined): string {
  if (!params || !template.includes('{')) return template;
  return template.replace(/\{([^/{}]+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : encodeURIComponent(params[name]),
  );
}

/** Whether the operation documents a response header (e.g. `Location`) for a response code. */
function documentsHeader(operation: MockOperation, code: string, header: string): boolean {
  const response = operation.responses.find((r) => r.code === code);
  return response?.headers.some((h) => h.name.toLowerCase() === header) ?? false;
}
