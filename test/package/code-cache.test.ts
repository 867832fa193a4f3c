import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOADER = fileURLToPath(new URL('../../dist/lib/load-bundle.cjs', import.meta.url));
const CLI_LOADER = fileURLToPath(new URL('../../dist/cli/load-bundle.cjs', import.meta.url));
/** The bin (CommonJS) and the ES module entry it is bundled from, which `node dist/cli/main.js` still runs. */
const CLI_ENTRIES = ['main.cjs', 'main.js'].map((name) => fileURLToPath(new URL(`../../dist/cli/${name}`, import.meta.url)));
const ENTRY = new URL('../../dist/index.js', import.meta.url).href;

/** A fresh `node` (the cache is V8's, per process), without the test runner's options. */
function node(args: string[]) {
  return spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 60_000 });
}

const ANSWER_ONE = `const { createMockServer } = await import(${JSON.stringify(ENTRY)});
const server = await createMockServer({ logLevel: 'silent' });
const answer = await server.inject({ method: 'POST', url: '/plants', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, payload: '{"id":1,"name":"Monstera deliciosa","tag":"tropical"}' });
await server.close();
process.stdout.write(String(answer.statusCode));`;

describe("the library bundle's code cache (scripts/bundle/load-bundle.cjs)", () => {
  it('is made by the build for this Node, and V8 accepts it', () => {
    const run = node([
      '-e',
      `const { compileBundle, cacheFile } = require(${JSON.stringify(LOADER)});
const { script } = compileBundle(require('node:fs').readFileSync(cacheFile()));
process.stdout.write(String(script.cachedDataRejected));`,
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('false');
  });

  it('serves through the package entry with the cache, and without it when V8 rejects it (other flags)', () => {
    for (const flags of [[], ['--no-lazy-feedback-allocation']]) {
      const run = node([...flags, '--input-type=module', '-e', ANSWER_ONE]);
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('200');
    }
  });
});

describe("the CLI bundle's code cache (Node 20 has no compile cache of its own)", () => {
  it('is made by the build for this Node, and V8 accepts it', () => {
    const run = node([
      '-e',
      `process.argv = [process.execPath, 'run.cjs', '--version'];
const { compileBundle, cacheFile } = require(${JSON.stringify(CLI_LOADER)});
const { script } = compileBundle(require('node:fs').readFileSync(cacheFile()));
setTimeout(() => process.stdout.write(' ' + String(script.cachedDataRejected)), 100);`,
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\n false$/);
  });

  it('runs the CLI with the cache, and without it when V8 rejects it (other flags)', () => {
    for (const entry of CLI_ENTRIES) {
      for (const flags of [[], ['--no-lazy-feedback-allocation']]) {
        const run = node([...flags, entry, '--version']);
        expect(run.stderr).toBe('');
        expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
      }
    }
  });
});

// A bundle's digest keys its code cache and the parse cache: two clones building one commit must agree,
// so nothing in a bundle's text may name the directory it was built in (esbuild labels modules by path).
describe('the bundles, as built in any directory', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  it.each(['cli/run.cjs', 'lib/index.cjs', 'cli/main.cjs'])('name no build path in %s', (bundle) => {
    const text = readFileSync(fileURLToPath(new URL(`../../dist/${bundle}`, import.meta.url)), 'latin1');
    if (bundle !== 'cli/main.cjs') expect(text).toContain('"stand-in:node_modules/');
    expect(text.includes(root.replace(/\/$/, ''))).toBe(false);
  });
});
