import { describe, expect, it } from 'vitest';
import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';
import { readForcing } from './forcing.js';
import type { Exchange, Learned } from './types.js';

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
    expect(readForcing(ex)).toEqual({ asked: { forcing: { code: 201, example: 'a', dynamic: true, seed: 12 } } });
  });

  it('sets nothing when nothing is forced', () => {
    expect(readForcing(exchange({ prefer: 'return=minimal' }))).toEqual([]);
  });

  it('reports each invalid value as a forcing finding', () => {
    const findings = readForcing(exchange({ prefer: 'code=2000, seed=x' })) as readonly Finding[];
    expect(findings.map((f) => f.path[0])).toEqual(['code', 'seed']);
  });

  it('keeps a delay asked for beside the findings that reject the request', () => {
    const { asked, findings } = readForcing(exchange({ prefer: 'delay=30, code=2000' })) as Learned;
    expect(asked).toEqual({ delay: 30 });
    expect(findings?.map((f) => f.path[0])).toEqual(['code']);
  });
});
