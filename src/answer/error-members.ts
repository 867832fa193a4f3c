import { ERRORS } from '../errors.js';
import type { JsonSchema } from '../json/json-schema.js';

/** Properties that carry a message, most telling first (RFC 9457's `detail`, OAuth's `error_description`). */
export const MESSAGE_NAMES = [
  'message',
  'detail',
  'error_description',
  'errormessage',
  'error_message',
  'description',
  'title',
  'reason',
  'msg',
  'error',
];
/** Integer properties that carry the catalogue's code. */
export const CODE_NAMES = ['code', 'error', 'errorcode', 'error_code', 'errcode'];
/** Integer properties that carry the HTTP status answered. */
export const STATUS_NAMES = ['status', 'statuscode', 'status_code', 'httpstatus', 'http_status', 'httpstatuscode', 'http_code'];

const CODES = Object.values(ERRORS).map((definition) => definition.error);
const LOWEST_CODE = Math.min(...CODES);
const HIGHEST_CODE = Math.max(...CODES);
/** The shortest message worth writing into a member whose `maxLength` cuts it. */
const SHORTEST_MESSAGE = 16;

/**
 * Whether a member takes whatever message a rejection writes (cut to its `maxLength`): a string with
 * no list of values, no pattern and no format the words would break. Else the member keeps the
 * document's value, so the body still fits its schema.
 */
export function takesMessage(schema: JsonSchema): boolean {
  return fits(schema, takesMessageHere);
}

function takesMessageHere(schema: JsonSchema): boolean {
  if (!typeIncludes(schema, 'string') || constrained(schema)) return false;
  if (schema.pattern !== undefined || schema.format !== undefined) return false;
  const max = schema.maxLength;
  const min = schema.minLength;
  return (typeof max !== 'number' || max >= SHORTEST_MESSAGE) && (typeof min !== 'number' || min <= SHORTEST_MESSAGE);
}

/** Whether an integer member takes every code of the catalogue (no list of values, bounds around them). */
export function takesCode(schema: JsonSchema): boolean {
  return fits(schema, (s) => typeIncludes(s, 'integer') && !constrained(s) && within(s, LOWEST_CODE) && within(s, HIGHEST_CODE));
}

/** Whether an integer member takes `status`: listed where it has a list, within its bounds. */
export function takesStatus(schema: JsonSchema, status: number): boolean {
  return fits(schema, (s) => {
    if (!typeIncludes(s, 'integer')) return false;
    if (s.const !== undefined && s.const !== status) return false;
    if (Array.isArray(s.enum) && !s.enum.includes(status)) return false;
    return within(s, status);
  });
}

/**
 * Whether `test` holds for the member and, where it is a union (`anyOf`/`oneOf`: how OpenAPI 3.1 writes
 * a nullable member, openai's `code` as a string or null), for one of its branches too.
 */
function fits(schema: JsonSchema, test: (schema: JsonSchema) => boolean): boolean {
  if (!test(schema)) return false;
  const union = unionOf(schema);
  return union === undefined || union.some((branch) => fits(branch, test));
}

/** Whether a schema names null among its values: 3.0's `nullable`, a `null` type, or a union branch of it. */
export function admitsNull(schema: JsonSchema): boolean {
  const declared = schema.type;
  if (schema.nullable === true || declared === 'null' || (Array.isArray(declared) && declared.includes('null'))) return true;
  return unionOf(schema)?.some(admitsNull) ?? false;
}

function unionOf(schema: JsonSchema): JsonSchema[] | undefined {
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  const branches = union?.filter((branch): branch is JsonSchema => typeof branch === 'object' && branch !== null);
  return branches !== undefined && branches.length > 0 ? branches : undefined;
}

/** Whether a code-named integer member is the HTTP status by its bounds (`minimum: 100, maximum: 599`). */
export function boundedLikeStatus(schema: JsonSchema): boolean {
  return typeof schema.maximum === 'number' && schema.maximum <= 599 && typeof schema.minimum === 'number' && schema.minimum >= 100;
}

/** Whether a schema admits `type`; a schema without a type admits anything. `integer` also fits `number`. */
export function typeIncludes(schema: JsonSchema, type: string): boolean {
  const declared = schema.type;
  if (declared === undefined) return unionOf(schema)?.some((branch) => typeIncludes(branch, type)) ?? true;
  const types = Array.isArray(declared) ? declared : [declared];
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

function constrained(schema: JsonSchema): boolean {
  return schema.const !== undefined || Array.isArray(schema.enum) || schema.not !== undefined;
}

function within(schema: JsonSchema, value: number): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  if (typeof minimum === 'number' && value < minimum) return false;
  if (typeof maximum === 'number' && value > maximum) return false;
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) return false;
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) return false;
  if (exclusiveMinimum === true && typeof minimum === 'number' && value <= minimum) return false;
  if (exclusiveMaximum === true && typeof maximum === 'number' && value >= maximum) return false;
  return typeof multipleOf !== 'number' || Number.isInteger(value / multipleOf);
}
