import { describe, expect, it } from 'vitest';
import { defaultStatus, findFailureResponse, findResponse } from './find-response.js';
import type { MockOperation } from './operation.js';

const withCodes = (...codes: string[]) =>
  ({ id: 'op', responses: codes.map((code) => ({ code, contents: [], headers: [] })) }) as unknown as MockOperation;

const operation = {
  id: 'op',
  responses: [
    { code: '201', contents: [{ mediaType: 'application/json', schema: undefined, examples: [{ name: 'a', value: 1 }] }], headers: [] },
    { code: '4XX', contents: [], headers: [] },
    { code: 'default', contents: [], headers: [] },
  ],
} as unknown as MockOperation;

describe('findResponse', () => {
  it('prefers the exact code, then the range, then default', () => {
    expect(findResponse(operation, 201)?.code).toBe('201');
    expect(findResponse(operation, 404)?.code).toBe('4XX');
    expect(findResponse(operation, 500)?.code).toBe('default');
  });
});

describe('defaultStatus', () => {
  it('answers the lowest 2xx', () => {
    expect(defaultStatus(operation)).toBe(201);
    expect(defaultStatus(withCodes('202', '404', '201'))).toBe(201);
  });

  it('answers 2XX as 200', () => {
    expect(defaultStatus(withCodes('2XX', '400'))).toBe(200);
  });

  it('prefers an exact status to the range of its class', () => {
    expect(defaultStatus(withCodes('2XX', '201'))).toBe(201);
    expect(defaultStatus(withCodes('4XX', '401'))).toBe(401);
    expect(defaultStatus(withCodes('4XX', '302'))).toBe(302);
  });

  it('answers the lowest documented status when no 2xx is documented', () => {
    expect(defaultStatus(withCodes('404', '302'))).toBe(302);
    expect(defaultStatus(withCodes('405'))).toBe(405);
  });

  it('answers 200 for an operation documenting only default', () => {
    expect(defaultStatus(withCodes('default'))).toBe(200);
  });

  it('answers 200 from default rather than an error when no 2xx or 3xx is documented', () => {
    expect(defaultStatus(withCodes('4XX', 'default'))).toBe(200);
    expect(defaultStatus(withCodes('404', '500', 'default'))).toBe(200);
    expect(defaultStatus(withCodes('302', 'default'))).toBe(302);
    expect(defaultStatus(withCodes('404', '500'))).toBe(404);
  });
});

describe('findFailureResponse', () => {
  it('uses a documented 400 for invalid input, else a documented 422', () => {
    expect(findFailureResponse(withCodes('200', '400', '422'), 400)).toMatchObject({ status: 400, response: { code: '400' } });
    expect(findFailureResponse(withCodes('200', '422'), 400)).toMatchObject({ status: 422, response: { code: '422' } });
  });

  it('uses a documented 403 for credentials when the document has no 401', () => {
    expect(findFailureResponse(withCodes('200', '403'), 401)).toMatchObject({ status: 403 });
    expect(findFailureResponse(withCodes('200', '401', '403'), 401)).toMatchObject({ status: 401 });
  });

  it('falls back to 4XX, then default, answered with the status the failure calls for', () => {
    expect(findFailureResponse(withCodes('200', '4XX', 'default'), 415)).toMatchObject({ status: 415, response: { code: '4XX' } });
    expect(findFailureResponse(withCodes('200', 'default'), 406)).toMatchObject({ status: 406, response: { code: 'default' } });
  });

  it('finds nothing where the document defines nothing fitting', () => {
    expect(findFailureResponse(withCodes('200', '404'), 400)).toBeUndefined();
  });

  it('leaves failures a document does not shape to the catalogue', () => {
    expect(findFailureResponse(withCodes('200', 'default'), 404)).toBeUndefined();
    expect(findFailureResponse(withCodes('200', 'default'), 405)).toBeUndefined();
    expect(findFailureResponse(withCodes('200', '422', 'default'), 422)).toBeUndefined();
  });
});
