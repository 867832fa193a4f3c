import { describe, expect, expectTypeOf, it } from 'vitest';
import { MockConfigError } from './config-error.js';
import type { DeclaredOptions } from './option-table.js';
import { BUNDLED_SPEC, type MockServerOptions, resolveOptions } from './options.js';

describe('resolveOptions', () => {
  it('fills defaults and freezes the result', () => {
    const options = resolveOptions();
    expect(options).toMatchObject({
      spec: BUNDLED_SPEC,
      port: 0,
      host: '127.0.0.1',
      dynamic: false,
      tokens: [],
      bodyLimit: 1048576,
      logLevel: 'silent',
      cors: true,
    });
    expect(Object.isFrozen(options)).toBe(true);
    expect(Object.isFrozen(options.tokens)).toBe(true);
  });

  it.each([
    [{ port: -1 }, 'option "port" must be an integer from 0 to 65535'],
    [{ port: 1.5 }, 'option "port"'],
    [{ seed: -3 }, 'option "seed"'],
    [{ bodyLimit: 0 }, 'option "bodyLimit"'],
    [{ tokens: ['ok', ''] }, 'option "tokens"'],
    [{ logLevel: 'loud' }, 'option "logLevel" must be one of'],
    [{ cors: 'yes' }, 'option "cors" must be true or false'],
    [{ prot: 80 }, 'unknown option "prot"'],
  ])('rejects %j with a message naming the option', (input, message) => {
    expect(() => resolveOptions(input as never)).toThrow(MockConfigError);
    expect(() => resolveOptions(input as never)).toThrow(message);
  });

  it('documents exactly the options the table declares, with the same types', () => {
    expectTypeOf<MockServerOptions>().toEqualTypeOf<DeclaredOptions>();
  });
});
