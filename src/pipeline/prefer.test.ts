import { describe, expect, it } from 'vitest';
import { readPrefer } from './prefer.js';

describe('readPrefer', () => {
  it('reads preferences separated by commas or semicolons alike', () => {
    expect([...readPrefer('code=404, dynamic=true')]).toEqual([
      ['code', '404'],
      ['dynamic', 'true'],
    ]);
    expect(readPrefer('code=404; dynamic=true').get('dynamic')).toBe('true');
  });

  it('lower-cases keys, unquotes values and keeps separators inside quotes', () => {
    const read = readPrefer('Example="a, b; c" ,  SEED = 7');
    expect(read.get('example')).toBe('a, b; c');
    expect(read.get('seed')).toBe('7');
  });

  it('reads several headers as one, the last of a repeated key counting', () => {
    expect(readPrefer(['code=200', 'code=404']).get('code')).toBe('404');
    expect(readPrefer('respond-async').get('respond-async')).toBe('');
    expect(readPrefer(undefined).size).toBe(0);
  });
});
