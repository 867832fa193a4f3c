import type { DataGenerator } from '../generate/data-generator.js';
import type { JsonSchema } from '../json/json-schema.js';
import { defaultStatus, findResponse } from '../openapi/find-response.js';
import { jsonContent } from '../openapi/media-type.js';
import type { MockContent, MockOperation } from '../openapi/operation.js';
import type { Action } from './infer-resources.js';
import { isArraySchema, isRecord, itemsOf, ownValue, project, propertiesOf, requiredOf, setOwn } from './schema-shape.js';

/** An operation's success answer, worked out once per document load. */
export interface SuccessPlan {
  readonly status: number;
  readonly content: MockContent | undefined;
}

/** The documented success status: 201 for a create that documents it, else the default rule. */
export function planSuccess(operation: MockOperation, action: Action): SuccessPlan {
  const status = action === 'create' && operation.responses.some((r) => r.code === '201') ? 201 : defaultStatus(operation);
  return { status, content: jsonContent(findResponse(operation, status)?.contents) };
}

/** A record as the response schema lets it be answered. */
export function recordBody(plan: SuccessPlan, record: Record<string, unknown>): unknown {
  return project(record, plan.content?.schema);
}

const TOTAL = /^(total|count|total_?count|total_?items|total_?results|total_?elements)$/i;

/**
 * A list as the documented schema has it: a bare array, or a wrapper object whose array property holds
 * the records, a total-like integer the number matched; its other fields come from the example or are
 * generated when required.
 */
export function listBody(plan: SuccessPlan, records: readonly Record<string, unknown>[], total: number, generator: DataGenerator): unknown {
  const schema = plan.content?.schema;
  if (!schema || isArraySchema(schema)) return records.map((record) => project(record, itemsOf(schema)));
  const properties = propertiesOf(schema);
  // The wrapper's other fields come from an example that fits the schema, never from one that breaks it.
  const invalid = plan.content?.verdict?.().invalid;
  const example = plan.content?.examples
    .filter((e) => !invalid?.has(e.name))
    .map((e) => e.value)
    .find(isRecord);
  const required = requiredOf(schema);
  let listed = false;
  const body: Record<string, unknown> = {};
  for (const [name, property] of properties) {
    if (!listed && isArraySchema(property)) {
      body[name] = records.map((record) => project(record, itemsOf(property)));
      listed = true;
    } else if (TOTAL.test(name) && (property.type === 'integer' || property.type === 'number')) body[name] = total;
    else if (example && Object.hasOwn(example, name)) body[name] = example[name];
    else if (required.has(name)) body[name] = generator.generate(property);
  }
  return body;
}

/**
 * Fills what a stored record must show and the request did not carry (server-made fields such as a
 * readOnly `createdAt`): each missing required property of the answered schema, generated once, at
 * creation, so every later read shows the same value.
 */
export function fillRequired(record: Record<string, unknown>, schema: JsonSchema | undefined, generator: DataGenerator): void {
  const properties = propertiesOf(schema);
  for (const name of requiredOf(schema)) {
    const property = properties.get(name);
    if (property && !Object.hasOwn(record, name) && property.writeOnly !== true) record[name] = generator.generate(property);
  }
}

/** Drops the fields the client may not set (readOnly in the answered schema), keeping `keep`. */
export function withoutReadOnly(body: Record<string, unknown>, schema: JsonSchema | undefined, keep?: string): Record<string, unknown> {
  const record: Record<string, unknown> = { ...body };
  for (const [name, property] of propertiesOf(schema)) if (property.readOnly === true && name !== keep) delete record[name];
  return record;
}

/** RFC 7386 JSON merge patch: objects merge, null removes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch;
  const out: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete out[name];
    else setOwn(out, name, mergePatch(ownValue(out, name), value));
  }
  return out;
}
