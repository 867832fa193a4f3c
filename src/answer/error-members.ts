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
  if (!typeIncludes(schema, 'string') || constrained(schema)) return false;
  if (schema.pattern !== undefined || schema.format !== undefined) return false;
  const max = schema.maxLength;
  const min = schema.minLength;
  return (typeof max !== 'number' || max >= SHORTEST_MESSAGE) && (typeof min !== 'number' || min <= SHORTEST_MESSAGE);
}

/** Whether an integer member takes every code of the catalogue (no list of values, bounds around them). */
export function takesCode(schema: JsonSchema): boolean {
  return typeIncludes(schema, 'integer') && !constrained(schema) && within(schema, LOWEST_CODE) && within(schema, HIGHEST_CODE);
}

/** Whether an integer member takes `status`: listed where it has a list, within its bounds. */
export function takesStatus(schema: JsonSchema, status: number): boolean {
  if (!typeIncludes(schema, 'integer')) return false;
  if (schema.const !== undefined && schema.const !== status) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(status)) return false;
  return within(schema, status);
}

/** Whether a code-named integer member is the HTTP status by its bounds (`minimum: 100, maximum: 599`). */
export function boundedLikeStatus(schema: JsonSchema): boolean {
  return typeof schema.maximum === 'number' && schema.maximum <= 599 && typeof schema.minimum === 'number' && schema.minimum >= 100;
}

/** Whether a schema admits `type`; a schema without a type admits anything. `integer` also fits `number`. */
export function typeIncludes(schema: JsonSchema, type: string): boolean {
  const declared = schema.type;
  if (declared === undefined) return true;
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
