import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * A Prism upgrade that moves what the tuning of its Ajv instances reads (ajv-instances.ts) is simulated
 * here on the 2020-12 instances, before their first compile: their `opts.code.regExp` gone. The tuning runs
 * inside Prism's fp-ts tryCatch, which made the move "no diagnostics": every value valid. It must be loud.
 * (A file of its own: the move stays for the rest of the process.)
 */
describe('a move met tuning an Ajv instance Prism makes on first use', () => {
  it('throws from the schema check, and a request reaching it is answered 500, not judged', async () => {
    const fromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
    const core = (fromPrism('ajv/dist/core') as { default: { prototype: { compile: (...args: unknown[]) => unknown } } }).default.prototype;
    const { validateAgainstSchema } = await import('./prism-internals.js');
    const compile = core.compile;
    core.compile = function (this: { constructor: { name: string }; opts: { code: { regExp?: unknown } } }, ...args: unknown[]) {
      if (this.constructor.name === 'Ajv2020') this.opts.code.regExp = undefined;
      return compile.apply(this, args);
    };
    const $schema = 'https://json-schema.org/draft/2020-12/schema';
    expect(() => validateAgainstSchema('x', { $schema, type: 'integer' }, false, 0, 'body', undefined)).toThrow(
      "@stoplight/prism-http internal Ajv's opts.code.regExp (used for running patterns in linear time) moved or changed",
    );

    const { createMockServer } = await import('../index.js');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const spec = join(mkdtempSync(join(tmpdir(), 'ajv-moved-')), 'api.yaml');
    writeFileSync(
      spec,
      `openapi: 3.1.0
info: { title: moved, version: '1' }
paths:
  /n:
    post:
      requestBody:
        required: true
        content: { application/json: { schema: { $schema: '${$schema}', type: integer } } }
      responses: { '201': { description: ok } }
`,
    );
    const server = await createMockServer({ spec, logLevel: 'silent' });
    try {
      const answer = await server.inject({ method: 'POST', url: '/n', headers: { 'content-type': 'application/json' }, payload: '"x"' });
      expect(answer.statusCode).toBe(500);
      expect(answer.headers['x-mock-error']).toBe('INTERNAL');
    } finally {
      await server.close();
    }
  });
});
