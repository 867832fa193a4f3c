import { describe, expect, it } from 'vitest';
import { withAuthorizationRequirement } from './operation-repairs.js';

/** An operation as Prism's transform makes it, with a required Authorization header parameter. */
const operation = (header: Record<string, unknown>) => ({
  method: 'get',
  path: '/stations',
  request: { headers: [{ name: 'Authorization', required: true, ...header }] },
  responses: [],
});
const schemeOf = (made: unknown) => (made as { security: { scheme: string }[][] }).security[0]?.[0]?.scheme;

describe('withAuthorizationRequirement', () => {
  it("takes the challenge's scheme from the parameter's examples, its schema's (as Prism leaves them) included", () => {
    expect(schemeOf(withAuthorizationRequirement(operation({ schema: { type: 'string', examples: ['Digest abc'] } })))).toBe('Digest');
    expect(schemeOf(withAuthorizationRequirement(operation({ examples: [{ key: 'a', value: 'Basic abc' }] })))).toBe('Basic');
    expect(schemeOf(withAuthorizationRequirement(operation({ schema: { type: 'string', default: 'Token abc' } })))).toBe('Token');
    expect(schemeOf(withAuthorizationRequirement(operation({ schema: { type: 'string' } })))).toBe('Bearer');
  });
});
