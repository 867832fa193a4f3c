import { describe, expect, it } from 'vitest';
import { createMockServer, LIMIT_DEFAULTS, MockConfigError } from '../../src/index.js';
import { resolveOptions } from '../../src/options.js';

describe('limit options', () => {
  it('default to documented values', () => {
    const options = resolveOptions({});
    expect(options).toMatchObject(LIMIT_DEFAULTS);
    expect(LIMIT_DEFAULTS).toEqual({
      maxHeaderSize: 16384,
      maxHeaderCount: 100,
      maxUrlLength: 8192,
      headersTimeout: 10000,
      requestTimeout: 30000,
      keepAliveTimeout: 5000,
      maxConnections: 1000,
      shutdownTimeout: 1500,
    });
  });

  it.each([
    [{ maxHeaderSize: 10 }, /option "maxHeaderSize" must be an integer from 1024/],
    [{ maxHeaderCount: 0 }, /option "maxHeaderCount"/],
    [{ maxUrlLength: Number.NaN }, /option "maxUrlLength"/],
    [{ headersTimeout: '5' }, /option "headersTimeout"/],
    [{ requestTimeout: -1 }, /option "requestTimeout"/],
    [{ keepAliveTimeout: 1.5 }, /option "keepAliveTimeout"/],
    [{ maxConnections: 0 }, /option "maxConnections"/],
    [{ shutdownTimeout: Number.POSITIVE_INFINITY }, /option "shutdownTimeout"/],
    [{ startupTimeout: 0 }, /option "startupTimeout"/],
    [{ headersTimeout: 2000, requestTimeout: 1000 }, /"headersTimeout" \(2000\) must not exceed option "requestTimeout" \(1000\)/],
  ])('rejects %j with a one-line error naming it', async (input, message) => {
    await expect(createMockServer(input as never)).rejects.toThrow(MockConfigError);
    await expect(createMockServer(input as never)).rejects.toThrow(message);
  });

  it('names an unknown (misspelt) option', async () => {
    await expect(createMockServer({ maxConnection: 5 } as never)).rejects.toThrow(/unknown option "maxConnection"/);
  });

  it('are frozen with the rest', () => {
    const options = resolveOptions({ maxConnections: 5 });
    expect(Object.isFrozen(options)).toBe(true);
  });
});
