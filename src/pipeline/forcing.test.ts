import { describe, expect, it } from 'vitest';
import type { MockOperation } from '../openapi/operation.js';
import { readForcing } from './forcing.js';
import type { Exchange } from './types.js';

const operation = {
  id: 'op',
  responses: [
    { code: '201', contents: [{ mediaType: 'application/json', schema: undefined, examples: [{ name: 'a', value: 1 }] }] },
    { code: '4XX', contents: [] },
    { code: 'default', contents: [] },
  ],
} as unknown as MockOperation;

function exchange(headers: Record<string, string>, query: Record<string, string> = {}): Exchange {
  return { method: 'POST', path: '/', query, headers, rawBody: undefined, session: {}, operation };
}

describe('readForcing', () => {
  it('reads Prefer keys, case-insensitively and with spaces', () => {
    const ex = exchange({ prefer: 'Code=201 ,  example=a, dynamic=true, seed=12' });
    expect(readForcing(ex)).toEqual([]);
    expect(ex.forcing).toEqual({ code: 201, example: 'a', dynamic: true, seed: 12 });
  });

  it('sets nothing when nothing is forced', () => {
    const ex = exchange({ prefer: 'return=minimal' });
    expect(readForcing(ex)).toEqual([]);
    expect(ex.forcing).toBeUndefined();
  });

  it('reports each invalid value as a forcing finding', () => {
    const findings = readForcing(exchange({ prefer: 'code=2000, seed=x' }));
    expect(findings.map((f) => f.path[0])).toEqual(['code', 'seed']);
  });
});
