import { describe, expect, it } from 'vitest';
import { isJsonObject } from './json-object.js';

describe('isJsonObject', () => {
  it('holds for objects, schemas and document nodes alike, and not for null, arrays or scalars', () => {
    expect([{}, { type: 'string' }, Object.create(null)].map(isJsonObject)).toEqual([true, true, true]);
    expect([null, undefined, [], [{}], 'x', 1, true].map(isJsonObject)).toEqual([false, false, false, false, false, false, false]);
  });
});
