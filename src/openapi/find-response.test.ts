import { describe, expect, it } from 'vitest';
import { defaultStatus, findResponse } from './find-response.js';
import type { MockOperation } from './operation.js';

const operation = {
  id: 'op',
  responses: [
    { code: '201', contents: [{ mediaType: 'application/json', schema: undefined, examples: [{ name: 'a', value: 1 }] }] },
    { code: '4XX', contents: [] },
    { code: 'default', contents: [] },
  ],
} as unknown as MockOperation;

describe('findResponse and defaultStatus', () => {
  it('prefers the exact code, then the range, then default', () => {
    expect(findResponse(operation, 201)?.code).toBe('201');
    expect(findResponse(operation, 404)?.code).toBe('4XX');
    expect(findResponse(operation, 500)?.code).toBe('default');
  });

  it('answers the lowest 2xx by default', () => {
    expect(defaultStatus(operation)).toBe(201);
  });
});
