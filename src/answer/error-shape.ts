import type { DataGenerator } from '../generate/data-generator.js';
import { isJsonObject } from '../json/json-object.js';
import { resolveFragment } from '../json/json-pointer.js';
import type { JsonSchema } from '../json/json-schema.js';
import { findDocumentFailureResponse, findFailureResponse, findResponse } from '../openapi/find-response.js';
import { concreteMediaType, contentTypeHeader, essenceOf, jsonContent, mediaKind } from '../openapi/media-type.js';
import type { MockContent, MockOperation, MockResponseSpec } from '../openapi/operation.js';
import { documentedValue } from '../openapi/schema-value.js';
import { serialiserFor } from '../openapi/serialise-body.js';
import type { ErrorBodyShape, ErrorShape } from '../problem.js';
import { errorKindFor } from './error-kinds.js';
import {
  admitsNull,
  boundedLikeStatus,
  CODE_NAMES,
  MESSAGE_NAMES,
  STATUS_NAMES,
  takesCode,
  takesMessage,
  takesStatus,
  typeIncludes,
} from './error-members.js';
import { planHeaders } from './header-plan.js';

/** Generated parts of error bodies come from a fixed seed, so a rejection reads the same every time. */
const ERROR_SEED = 1;

/**
 * The document's error responses, planned once per operation and status on first use. One per server
 * (it holds plans for that server's operations); `forFailure` serves the pipeline's rejections,
 * `forStatus` any answer that wants the document's shape for a status it chose (404, 409, ...).
 */
export class ErrorShapes {
  readonly #generator: DataGenerator;
  readonly #failures = new Map<MockOperation, Map<number, ErrorShape | null>>();
  readonly #statuses = new Map<MockOperation, Map<number, ErrorShape | null>>();

  /** The document's operations, where a rejection its own operation documents nothing for finds the document's error shape. */
  readonly #operations: readonly MockOperation[];
  /**
   * Plans by response and status: operations that document no error of their own share the document's
   * (openai's 288 operations, one error response), so each is planned once, not once per operation.
   */
  readonly #byResponse = new WeakMap<MockResponseSpec, Map<number, ErrorShape>>();
  readonly #shapes = new WeakMap<MockResponseSpec, string>();

  constructor(generator: DataGenerator, operations: readonly MockOperation[] = []) {
    this.#generator = generator;
    this.#operations = operations;
  }

  /** The shape of a rejection the catalogue answers with `failureStatus`, or undefined when the document has none fitting. */
  forFailure(operation: MockOperation, failureStatus: number): ErrorShape | undefined {
    return cached(this.#failures, operation, failureStatus, () => {
      const found =
        findFailureResponse(operation, failureStatus) ??
        findDocumentFailureResponse(operation, this.#operations, failureStatus, (response) => this.#shapeOf(response));
      return found && this.#plan(found.response, found.status);
    });
  }

  /** The shape of the response the document defines for `status` (exact, range, then `default`). */
  forStatus(operation: MockOperation, status: number): ErrorShape | undefined {
    return cached(this.#statuses, operation, status, () => {
      const response = findResponse(operation, status);
      return response && this.#plan(response, status);
    });
  }

  /** A response's body by its members (and theirs, one level down), remembered per response: what tells error shapes apart. */
  #shapeOf(response: MockResponseSpec): string {
    let shape = this.#shapes.get(response);
    if (shape === undefined) {
      shape = bodyShape(response);
      this.#shapes.set(response, shape);
    }
    return shape;
  }

  #plan(response: MockResponseSpec, status: number): ErrorShape {
    let byStatus = this.#byResponse.get(response);
    if (!byStatus) {
      byStatus = new Map();
      this.#byResponse.set(response, byStatus);
    }
    let shape = byStatus.get(status);
    if (shape === undefined) {
      shape = planErrorShape(response, status, this.#generator);
      byStatus.set(status, shape);
    }
    return shape;
  }
}

function cached(
  plans: Map<MockOperation, Map<number, ErrorShape | null>>,
  operation: MockOperation,
  status: number,
  plan: () => ErrorShape | undefined,
): ErrorShape | undefined {
  let byStatus = plans.get(operation);
  if (!byStatus) {
    byStatus = new Map();
    plans.set(operation, byStatus);
  }
  let shape = byStatus.get(status);
  if (shape === undefined) {
    shape = plan() ?? null;
    byStatus.set(status, shape);
  }
  return shape ?? undefined;
}

/**
 * How `response` carries an error answered with `status`: its JSON media type first (else its first),
 * announced unless it is plain `application/json` (the mock's own default for JSON); its documented
 * headers; and a body template: the first example, with every required property the example lacks
 * taken from the property's own `default`/`example`/`enum`, else generated.
 */
export function planErrorShape(response: MockResponseSpec, status: number, generator: DataGenerator): ErrorShape {
  const content = jsonContent(response.contents);
  const headers: Record<string, string> = { ...planHeaders(response, generator).all };
  if (!content || essenceOf(content.mediaType) === 'application/json')
    return { status, headers, body: planBody(content, generator, status) };
  const mediaType = concreteMediaType(content.mediaType);
  const kind = mediaKind(mediaType);
  headers['content-type'] = contentTypeHeader(mediaType, kind);
  return { status, headers, body: planBody(content, generator, status), serialise: serialiserFor(kind, content.schema) };
}

function planBody(content: MockContent | undefined, generator: DataGenerator, status: number): ErrorBodyShape {
  if (!content) return { kind: 'none' };
  // The document's values that break their schema are left out, as in every answer (example-check.ts).
  const verdict = content.verdict?.();
  const schema = verdict ? verdict.schema : content.schema;
  const properties = schema ? propertiesOf(schema) : {};
  const example = content.examples.find((e) => !verdict?.invalid.has(e.name))?.value;
  if (Object.keys(properties).length === 0 && !isJsonObject(example)) {
    // Not an object: the document's own example answers as written; else a body that may be a
    // string says the message, and any other keeps the document's words.
    if (example !== undefined) return { kind: 'fixed', value: example };
    if (!schema || typeIncludes(schema, 'string')) return { kind: 'text' };
    return { kind: 'fixed', value: tryGenerate(generator, schema) };
  }
  return planObject(schema, properties, example, generator, 1, status);
}

/**
 * An object error body: the catalogue's code, message and status go into the members named for them;
 * where the object has none but holds an object that has (Stripe's and Spotify's `{"error": {...}}`,
 * openai's `{"error": {"message", "type", "param", "code"}}`), into that one, so the status a body
 * states is the status answered and the message sits where the document's clients read it.
 */
function planObject(
  schema: JsonSchema | undefined,
  properties: Record<string, JsonSchema>,
  example: unknown,
  generator: DataGenerator,
  depth: number,
  status: number,
): Extract<ErrorBodyShape, { kind: 'object' }> {
  const template: Record<string, unknown> = isJsonObject(example) ? { ...example } : {};
  // Each member only where the value written fits its schema (no free text in an enum, no 40001 in a
  // string, a status within its list and bounds); else it keeps the document's value.
  const pick = (names: readonly string[], takes: (property: JsonSchema) => boolean, except?: string) =>
    names
      .map((n) => Object.keys(properties).find((key) => key.toLowerCase() === n && key !== except))
      .find((key) => key !== undefined && !isJsonObject(properties[key]?.properties) && takes(properties[key] ?? {}));
  // A `code` bounded to 100-599 is the HTTP status, not the catalogue's code.
  const statusLike = pick(CODE_NAMES, (p) => boundedLikeStatus(p) && takesStatus(p, status));
  const codeKey = statusLike === undefined ? pick(CODE_NAMES, takesCode) : undefined;
  const messageKey = pick(MESSAGE_NAMES, takesMessage, codeKey ?? statusLike);
  const statusKey = statusLike ?? pick(STATUS_NAMES, (p) => takesStatus(p, status), codeKey);
  const messageMax = messageKey === undefined ? undefined : properties[messageKey]?.maxLength;
  const innerKey =
    depth > 0 && messageKey === undefined && codeKey === undefined && statusKey === undefined
      ? ['error', ...Object.keys(properties)].find((key) => holdsError(properties[key], schema))
      : undefined;
  const required = new Set(schema ? requiredOf(schema) : []);
  for (const [name, property] of Object.entries(properties)) {
    if (name === innerKey || !required.has(name) || name in template) continue;
    // What an error does not know it leaves null where it may (openai's `param` and `code`), not invented.
    template[name] = (documentedValue(property) ?? { value: admitsNull(property) ? null : tryGenerate(generator, property) }).value;
  }
  // A member listing kinds of error says the one of this status (Stripe's `invalid_request_error` for a
  // 400, not its enum's first, `api_error`).
  for (const [name, property] of Object.entries(properties)) {
    if (!(name in template) || name === innerKey || !Array.isArray(property.enum)) continue;
    const kind = errorKindFor(property.enum, status, template[name]);
    if (kind !== undefined) template[name] = kind;
  }
  if (innerKey === undefined) return { kind: 'object', template, messageKey, codeKey, statusKey, ...maxOf(messageMax) };
  const innerSchema = properties[innerKey] as JsonSchema;
  const inner = planObject(innerSchema, propertiesOf(innerSchema, schema), template[innerKey], generator, depth - 1, status);
  return { kind: 'object', template, messageKey, codeKey, statusKey, ...maxOf(messageMax), inner: { key: innerKey, body: inner } };
}

/** `error{code,message}` for openai's `{"error": {...}}`, `code,message` for its bare `Error`: members, and members' members. */
function bodyShape(response: MockResponseSpec): string {
  const content = jsonContent(response.contents);
  if (content?.schema === undefined) return content?.mediaType ?? '';
  const root = content.schema;
  const properties = propertiesOf(root);
  return Object.keys(properties)
    .sort()
    .map((name) => {
      const inner = Object.keys(propertiesOf(properties[name] as JsonSchema, root)).sort();
      return inner.length > 0 ? `${name}{${inner.join(',')}}` : name;
    })
    .join(',');
}

/** Whether a property is an object with a member for the message, code or status. */
function holdsError(property: JsonSchema | undefined, root: JsonSchema | undefined): boolean {
  if (property === undefined) return false;
  const names = Object.keys(propertiesOf(property, root)).map((n) => n.toLowerCase());
  return names.some((n) => MESSAGE_NAMES.includes(n) || CODE_NAMES.includes(n) || STATUS_NAMES.includes(n));
}

/**
 * How many `allOf` members one schema's reading follows: a member that refers back to its schema (through
 * the bundle) describes no value, and was a stack overflow (a 500 for every rejection that borrowed a
 * shape); several such members would multiply the work at each level.
 */
const ALL_OF_MEMBERS = 256;

/** The properties an object schema defines, its `allOf` members' included, references to the operation's bundle followed. */
function propertiesOf(schema: JsonSchema, root: JsonSchema = schema, budget = { left: ALL_OF_MEMBERS }): Record<string, JsonSchema> {
  if (!isJsonObject(schema) || budget.left-- <= 0) return {};
  const own = isJsonObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const members = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  const followedOwn = Object.fromEntries(Object.entries(own).map(([name, property]) => [name, followed(property, root)]));
  return Object.assign({}, ...members.map((member) => propertiesOf(followed(member, root), root, budget)), followedOwn);
}

/**
 * A schema with its reference into the operation's `__bundled__` followed (a large part shared between
 * operations is one, src/document/shared-parts.ts), carrying that bundle so the generator can follow the
 * references inside it.
 */
function followed(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let at: unknown = schema;
  for (let hops = 0; hops < 8 && isJsonObject(at) && typeof at.$ref === 'string'; hops++) at = resolveFragment(root, at.$ref);
  if (!isJsonObject(at) || at === schema) return schema;
  return root.__bundled__ === undefined ? (at as JsonSchema) : { ...(at as JsonSchema), __bundled__: root.__bundled__ };
}

function requiredOf(schema: JsonSchema, root: JsonSchema = schema, budget = { left: ALL_OF_MEMBERS }): string[] {
  if (!isJsonObject(schema) || budget.left-- <= 0) return [];
  const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const members = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  return [...own, ...members.flatMap((member) => requiredOf(followed(member, root), root, budget))];
}

function maxOf(max: unknown): { messageMax?: number } {
  return typeof max === 'number' ? { messageMax: max } : {};
}

function tryGenerate(generator: DataGenerator, schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  try {
    return generator.generate(schema, ERROR_SEED);
  } catch {
    // The generator cannot follow every schema (deep recursion): the finding still goes out without it.
    return undefined;
  }
}
