import { describe, expect, it } from 'vitest';
import { checkCookies } from './cookie-parameters.js';

const session = { name: 'session', style: 'form', required: true, schema: { type: 'string', minLength: 3 } };
const count = { name: 'count', style: 'form', schema: { type: 'integer' } };

describe('checkCookies', () => {
  it('accepts cookies that fit their schemas, coercing numbers', () => {
    expect(checkCookies([session, count], 'session=abcd; count=3', undefined)).toEqual([]);
  });

  it('finds a cookie too short, of the wrong type, or missing, with the cookie prefix', () => {
    expect(checkCookies([session], 'session=a', undefined)).toMatchObject([{ path: ['cookie', 'session'] }]);
    expect(checkCookies([session, count], 'session=abc; count=x', undefined)).toMatchObject([{ path: ['cookie', 'count'] }]);
    expect(checkCookies([session], undefined, undefined)).toHaveLength(1);
  });
});
