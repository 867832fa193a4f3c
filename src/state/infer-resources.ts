import type { JsonSchema } from '../json/json-schema.js';
import { defaultStatus, findResponse } from '../openapi/find-response.js';
import { jsonContent } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import { resourceNoun } from '../openapi/resource-noun.js';
import { isArraySchema, propertiesOf } from './schema-shape.js';

export type Action = 'create' | 'list' | 'read' | 'replace' | 'merge' | 'remove';
/** How the mock makes an id the request does not carry: a counter, a UUID, or a counter as text. */
export type IdKind = 'integer' | 'uuid' | 'string';

/** A collection the document describes: `/plants` (POST creates, GET lists) and `/plants/{id}`. */
export interface Resource {
  /** The collection's path template, e.g. `/plants`; the key of seed data and of the state view. */
  readonly collection: string;
  /** What a record is called in messages (`plant`), see resourceNoun(). */
  readonly noun: string;
  readonly item: string | undefined;
  /** The item path's parameter naming a record, when there is an item path. */
  readonly idParam: string | undefined;
  /** The record field holding the id. */
  readonly idField: string;
  readonly idKind: IdKind;
  /** The id is readOnly in the document: the mock always assigns it. */
  readonly idReadOnly: boolean;
  /** The id field is one of the record's declared properties. */
  readonly idDeclared: boolean;
  /** The schema of a record as answered (read, else create), for the fields the mock fills in. */
  readonly recordSchema: JsonSchema | undefined;
  readonly operations: Partial<Record<Action, MockOperation>>;
}

export interface Binding {
  readonly resource: Resource;
  readonly action: Action;
}

export interface StateModel {
  readonly resources: readonly Resource[];
  readonly bindings: ReadonlyMap<MockOperation, Binding>;
}

const ITEM_ACTIONS: Readonly<Record<string, Action>> = { GET: 'read', PUT: 'replace', PATCH: 'merge', DELETE: 'remove' };

/**
 * Finds the resources of a document by path shape and methods, once per document load. A collection
 * path is one with a POST taking an object body, or a GET answering a list next to an item path
 * `collection/{param}`; its item path's GET/PUT/PATCH/DELETE act on one record. Any other path keeps
 * the mock's stateless answers.
 */
export function inferResources(operations: readonly MockOperation[]): StateModel {
  const byPath = new Map<string, Map<string, MockOperation>>();
  for (const operation of operations) {
    const methods = byPath.get(operation.path) ?? new Map<string, MockOperation>();
    methods.set(operation.method, operation);
    byPath.set(operation.path, methods);
  }
  const resources: Resource[] = [];
  const bindings = new Map<MockOperation, Binding>();
  for (const [path, methods] of byPath) {
    const itemPath = [...byPath.keys()].find((candidate) => itemParam(path, candidate) !== undefined);
    const create = methods.get('POST');
    const list = methods.get('GET');
    const creates = create !== undefined && objectSchema(jsonContent(create.requestBody?.contents)?.schema);
    const lists = list !== undefined && itemPath !== undefined && listSchema(list) !== undefined;
    if (!creates && !lists) continue;
    const ops: Partial<Record<Action, MockOperation>> = {};
    if (creates) ops.create = create;
    if (lists) ops.list = list;
    for (const [method, operation] of itemPath ? (byPath.get(itemPath) ?? []) : []) {
      const action = ITEM_ACTIONS[method];
      if (action) ops[action] = operation;
    }
    const resource = describe(path, itemPath, ops);
    // A lone POST (`/login`) is no collection unless its records carry an id.
    if (!itemPath && !lists && !resource.idDeclared) continue;
    resources.push(resource);
    for (const [action, operation] of Object.entries(ops)) bindings.set(operation, { resource, action: action as Action });
  }
  return { resources, bindings };
}

function describe(collection: string, item: string | undefined, ops: Partial<Record<Action, MockOperation>>): Resource {
  const idParam = item === undefined ? undefined : itemParam(collection, item);
  const recordSchema = successSchema(ops.read) ?? successSchema(ops.create) ?? itemSchemaOf(ops.list);
  const requestSchema = jsonContent(ops.create?.requestBody?.contents)?.schema;
  const answered = propertiesOf(recordSchema);
  const sent = propertiesOf(requestSchema);
  const candidates = [idParam, 'id', idParam?.replace(/_?id$/i, '')].filter((c): c is string => !!c);
  const idField = candidates.find((c) => answered.has(c) || sent.has(c)) ?? idParam ?? 'id';
  const idSchema = answered.get(idField) ?? sent.get(idField);
  const idKind: IdKind = idSchema?.type === 'string' ? (idSchema.format === 'uuid' ? 'uuid' : 'string') : 'integer';
  return {
    collection,
    noun: resourceNoun(collection),
    item,
    idParam,
    idField,
    idKind,
    idReadOnly: idSchema?.readOnly === true,
    idDeclared: idSchema !== undefined,
    recordSchema,
    operations: ops,
  };
}

/** The parameter when `candidate` is `collection/{param}`. */
function itemParam(collection: string, candidate: string): string | undefined {
  const prefix = collection.endsWith('/') ? collection : `${collection}/`;
  if (!candidate.startsWith(prefix)) return undefined;
  return /^\{([^/{}]+)\}$/.exec(candidate.slice(prefix.length))?.[1];
}

/** The schema of the operation's success answer (its default status). */
export function successSchema(operation: MockOperation | undefined): JsonSchema | undefined {
  if (!operation) return undefined;
  return jsonContent(findResponse(operation, defaultStatus(operation))?.contents)?.schema;
}

function listSchema(list: MockOperation): JsonSchema | undefined {
  const schema = successSchema(list);
  if (isArraySchema(schema)) return schema;
  return [...propertiesOf(schema).values()].some(isArraySchema) ? schema : undefined;
}

function itemSchemaOf(list: MockOperation | undefined): JsonSchema | undefined {
  const schema = list ? successSchema(list) : undefined;
  if (isArraySchema(schema)) return schema?.items as JsonSchema | undefined;
  const wrapped = [...propertiesOf(schema).values()].find(isArraySchema);
  return wrapped?.items as JsonSchema | undefined;
}

function objectSchema(schema: JsonSchema | undefined): boolean {
  return schema !== undefined && (schema.type === 'object' || propertiesOf(schema).size > 0);
}

/** One line per resource for the start-up log: which operations the simulator answers. */
export function describeModel(model: StateModel): string[] {
  return model.resources.map(
    (r) =>
      `${r.collection}: ${Object.entries(r.operations)
        .map(([action, op]) => `${action} ${op.id}`)
        .join(', ')}`,
  );
}
