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
      maxUrlLength: 16384,
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

  it("take a URL a document's own batch fills past 8 KiB: Custom Vision's 256 image ids, 9.5 KB", async () => {
    const spec = new URL('../fixtures/pets.yaml', import.meta.url).pathname;
    const server = await createMockServer({ spec, logLevel: 'silent' });
    try {
      const ids = Array.from({ length: 256 }, () => 'e3e70682-c209-1cac-a29f-6fbed82c07cd').join(',');
      const answer = await fetch(new URL(`/pets?ids=${ids}`, await server.listen()), { headers: { 'x-api-key': 'k' } });
      expect(answer.status).toBe(200);
      const over = await server.inject({ method: 'GET', url: `/pets?q=${'a'.repeat(16 * 1024)}`, headers: { 'x-api-key': 'k' } });
      expect(over.statusCode).toBe(414);
    } finally {
      await server.close();
    }
  });

  it('are frozen with the rest', () => {
    const options = resolveOptions({ maxConnections: 5 });
    expect(Object.isFrozen(options)).toBe(true);
  });
});
