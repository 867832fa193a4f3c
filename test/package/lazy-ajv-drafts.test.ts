import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The bundle step (scripts/bundle/lazy-ajv-drafts.mjs), JavaScript that tsc does not type. */
interface Step {
  lazyAjvDrafts(source: string): string;
  PRISM_SCHEMA_CHECK: RegExp;
}
const STEP = new URL('../../scripts/bundle/lazy-ajv-drafts.mjs', import.meta.url).href;
const SCHEMA_CHECK = createRequire(import.meta.url).resolve('@stoplight/prism-http/dist/validator/validators/utils.js');
const BUNDLES = ['../../dist/cli/run.cjs', '../../dist/lib/index.cjs'].map((file) => fileURLToPath(new URL(file, import.meta.url)));
const LIBRARY = new URL('../../dist/index.js', import.meta.url).href;

type Validate = (value: unknown, schema: object, coerce: boolean, context: number, prefix: string, bundle: unknown) => unknown;
/** Prism's schema check evaluated from `source`, as Node would load its file. */
function schemaCheck(source: string): { validateAgainstSchema: Validate } {
  const loaded = new Module(SCHEMA_CHECK) as Module & { _compile(source: string, file: string): void };
  loaded.filename = SCHEMA_CHECK;
  loaded.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(SCHEMA_CHECK);
  loaded._compile(source, SCHEMA_CHECK);
  return loaded.exports as { validateAgainstSchema: Validate };
}

describe("the bundles' Prism Ajv instances for 2019-09 and 2020-12, made on first use", () => {
  it("matches the installed Prism's schema check (an upgrade that changes it fails here and in the build)", async () => {
    const { lazyAjvDrafts, PRISM_SCHEMA_CHECK } = (await import(STEP)) as Step;
    expect(PRISM_SCHEMA_CHECK.test(SCHEMA_CHECK)).toBe(true);
    const source = readFileSync(SCHEMA_CHECK, 'utf8');
    expect(lazyAjvDrafts(source)).not.toBe(source);
    expect(() => lazyAjvDrafts(source.replace('draft2020_12: createAjvInstances', 'draft2020_12: makeAjvInstances'))).toThrow(
      /Prism's Ajv instances \(validators\/utils\.js\) changed/,
    );
  });

  it("judges every draft's schemas as Prism's own text does", async () => {
    const { lazyAjvDrafts } = (await import(STEP)) as Step;
    const source = readFileSync(SCHEMA_CHECK, 'utf8');
    const [eager, lazy] = [schemaCheck(source), schemaCheck(lazyAjvDrafts(source))];
    const schemas = [
      { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 2 }, at: { type: 'string', format: 'date-time' } } },
      { type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 1 },
      { type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false },
    ];
    const values = [{ n: 1, at: 'soon' }, { n: '3' }, ['x', 'y'], [], { a: 'b', c: 1 }, 'text'];
    for (const $schema of [undefined, 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema'])
      for (const schema of schemas)
        for (const value of values)
          for (const coerce of [true, false]) {
            const judge = (check: { validateAgainstSchema: Validate }) =>
              JSON.stringify(check.validateAgainstSchema(structuredClone(value), { ...schema, $schema }, coerce, 0, 'body', undefined));
            expect(judge(lazy), `${$schema} ${JSON.stringify(schema)} ${JSON.stringify(value)} ${coerce}`).toBe(judge(eager));
          }
  });

  it('is in both bundles, whose 2020-12 instance runs patterns in linear time', () => {
    for (const bundle of BUNDLES) expect(readFileSync(bundle, 'latin1')).toContain('get draft2020_12()');
    // A 3.1 document whose dialect is 2020-12, read whole (it references another file): Prism judges its
    // bodies with that draft's instances.
    const word = { type: 'object', properties: { w: { type: 'string', pattern: '^([a-zA-Z0-9]+\\s?)*$' } } };
    const spec = {
      openapi: '3.1.0',
      jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
      info: { title: 't', version: '1' },
      paths: {
        '/words': {
          post: {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: { $ref: './word.json' } },
              },
            },
            responses: { '204': { description: 'ok' } },
          },
        },
      },
    };
    const dir = mkdtempSync(join(tmpdir(), 'lazy-drafts-'));
    const file = join(dir, 'words.json');
    writeFileSync(file, JSON.stringify(spec));
    writeFileSync(join(dir, 'word.json'), JSON.stringify(word));
    const script = `const { createMockServer } = await import(${JSON.stringify(LIBRARY)});
const server = await createMockServer({ logLevel: 'silent', spec: ${JSON.stringify(file)} });
const send = (w) => server.inject({ method: 'POST', url: '/words', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ w }) });
const good = await send('plain words');
const started = performance.now();
const hostile = await send('${'a'.repeat(40)}!');
process.stdout.write(JSON.stringify([good.statusCode, hostile.statusCode, performance.now() - started]));
await server.close();`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    const [good, hostile, ms] = JSON.parse(run.stdout) as [number, number, number];
    expect([good, hostile]).toEqual([204, 400]);
    // Backtracking would take hours on 40 characters; the linear engine takes milliseconds.
    expect(ms).toBeLessThan(5000);
  });
});
