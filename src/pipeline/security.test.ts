import { describe, expect, it } from 'vitest';
import { parseBearer } from './security.js';

describe('the bearer scheme', () => {
  it('reads the token of the usual header and of its variants alike', () => {
    expect(parseBearer('Bearer abc-1.2_3~4+5/6==')).toEqual({ kind: 'token', token: 'abc-1.2_3~4+5/6==' });
    expect(parseBearer('  bEaReR \t abc  ')).toEqual({ kind: 'token', token: 'abc' });
    expect(parseBearer('Bearer  abc')).toEqual({ kind: 'token', token: 'abc' });
  });

  it('calls a missing or disallowed token malformed, and leaves other schemes alone', () => {
    expect(parseBearer('Bearer ')).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Bearer a b')).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Bearer a"b')).toMatchObject({ kind: 'malformed' });
    expect(parseBearer('Basic YWxhZGRpbjpvcGVuc2VzYW1l')).toBeUndefined();
    expect(parseBearer(undefined)).toBeUndefined();
  });
});
