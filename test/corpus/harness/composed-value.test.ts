import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { validValue } from './valid-values.js';

/** A judge of its own, as the corpus's: the built value must be valid by plain Ajv, with the `u` flag. */
const valid = (schema: object, value: unknown) => new Ajv({ strict: false, unicodeRegExp: true }).validate(schema, value);

describe('values built part by part', () => {
  it('match exactly one branch of a oneOf whose branches overlap', () => {
    // mailscript.com's POST /triggers: two objects of `minProperties: 1`, so any one property matches both.
    const criteria = {
      oneOf: [
        { minProperties: 1, properties: { domain: { type: 'string' }, hasAttachments: { type: 'boolean' } } },
        { minProperties: 1, properties: { and: { type: 'array', items: { type: 'string' } } } },
      ],
    };
    const body = { type: 'object', required: ['name', 'criteria'], properties: { name: { type: 'string' }, criteria } };
    const built = validValue(body, {}, 'body');
    expect(built).toMatchObject({ ok: true });
    expect(valid(body, built.ok && built.value)).toBe(true);
  });

  it('fill a required map whose entries only the sample gets right', () => {
    // AWS's TagMap (mwaa's POST /tags): the faker cannot write `\p{L}`, an empty map is too few entries.
    const value = { type: 'string', minLength: 1, pattern: '^([\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*)$' };
    const body = {
      type: 'object',
      required: ['Tags'],
      properties: { Tags: { type: 'object', minProperties: 1, maxProperties: 50, additionalProperties: value } },
    };
    const built = validValue(body, {}, 'body');
    expect(built).toMatchObject({ ok: true });
    expect(valid(body, built.ok && built.value)).toBe(true);
  });

  it('take each property from the candidate that gets it right', () => {
    // mwaa's PUT /environments/{Name}: an ARN only the faker writes, a map only filling gets right.
    const value = { type: 'string', minLength: 1, pattern: '^([\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*)$' };
    const body = {
      type: 'object',
      required: ['role', 'Tags'],
      properties: {
        role: { type: 'string', pattern: '^arn:aws(-[a-z]+)?:iam::\\d{12}:role/?[a-zA-Z_0-9+=,.@\\-_/]+$' },
        Tags: { type: 'object', minProperties: 1, additionalProperties: value },
      },
    };
    const built = validValue(body, {}, 'body');
    expect(built).toMatchObject({ ok: true });
    expect(valid(body, built.ok && built.value)).toBe(true);
  });

  it('still say no where no value exists: a pattern and a format that exclude each other', () => {
    // amadeus-hotel-booking's email: the pattern asks for a backslash in the domain, `format: email` forbids one.
    const email = { type: 'string', format: 'email', pattern: '^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\\\\.[a-zA-Z0-9-.]+$' };
    expect(validValue(email, {}, 'body', ['bob.smith@email.com'])).toMatchObject({ ok: false });
  });
});
