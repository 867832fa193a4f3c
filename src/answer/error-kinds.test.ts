import { describe, expect, it } from 'vitest';
import { errorKindFor } from './error-kinds.js';

const stripe = ['api_error', 'card_error', 'idempotency_error', 'invalid_request_error'];

describe('errorKindFor', () => {
  it("picks the member of an enum of error kinds that names the status (Stripe's type)", () => {
    expect(errorKindFor(stripe, 400)).toBe('invalid_request_error');
    expect(errorKindFor(stripe, 404)).toBe('invalid_request_error');
    expect(errorKindFor(stripe, 401)).toBe('invalid_request_error');
    expect(errorKindFor(stripe, 402)).toBe('card_error');
    expect(errorKindFor(stripe, 500)).toBe('api_error');
  });

  it('reads camel, upper snake and URL members, and takes the shortest that names the status', () => {
    const azure = ['BadRequestExceededBatchSize', 'BadRequest', 'NotFound', 'InternalServerError', 'Unauthorized', 'TooManyRequests'];
    expect(errorKindFor(azure, 400)).toBe('BadRequest');
    expect(errorKindFor(azure, 404)).toBe('NotFound');
    expect(errorKindFor(azure, 401)).toBe('Unauthorized');
    expect(errorKindFor(azure, 429)).toBe('TooManyRequests');
    expect(errorKindFor(azure, 503)).toBe('InternalServerError');
    expect(errorKindFor(['INVALID_REQUEST', 'RATE_LIMIT_EXCEEDED', 'API_ERROR'], 429)).toBe('RATE_LIMIT_EXCEEDED');
    expect(errorKindFor(['https://e.example/v2/not-found.html', 'https://e.example/v2/validation-error.html'], 422)).toBe(
      'https://e.example/v2/validation-error.html',
    );
  });

  it('leaves an enum that names no kind of error, and a value that already names the status', () => {
    expect(errorKindFor(['active', 'pending'], 400)).toBeUndefined();
    expect(errorKindFor(['INFO', 'WARNING', 'ERROR'], 500)).toBeUndefined();
    expect(errorKindFor(['bad_request', 'invalid_parameter'], 400, 'invalid_parameter')).toBeUndefined();
  });
});
