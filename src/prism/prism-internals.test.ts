import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentRegExp } from '../document/linear-regexp.js';
import { PATTERN_ENGINES, PRISM_INTERNALS, piece, postmanOperations, validateAgainstSchema } from './prism-internals.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mjs|js)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('the wall around Prism internals', () => {
  it('loads every piece it names, each of the kind the mock uses it as', () => {
    // Loading the module checked each piece; a Prism upgrade that moves one fails that load with
    // "@stoplight/prism-http internal NAME (used for USE) moved or changed".
    const names = PRISM_INTERNALS.map((p) => p.name);
    for (const name of ['validateInput', 'validateSecurity', 'validateOutput', 'parseMIMEHeader', 'validateAgainstSchema'])
      expect(names).toContain(name);
    for (const { usedFor } of PRISM_INTERNALS) expect(usedFor).not.toBe('');
  });

  it('loads the Postman reader only when asked, and the same one each time', () => {
    expect(PRISM_INTERNALS.map((p) => p.name)).not.toContain('transformPostmanCollectionOperations');
    expect(postmanOperations()).toBe(postmanOperations());
    expect(PRISM_INTERNALS.filter((p) => p.name === 'transformPostmanCollectionOperations')).toHaveLength(1);
  });

  it("runs the document's patterns with the linear engine in each of Prism's Ajv instances", () => {
    // The default draft's two are tuned as the adapter loads, the others (made on first use in the
    // bundles) before their first compile.
    expect(PATTERN_ENGINES.length).toBeGreaterThanOrEqual(2);
    for (const $schema of ['https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema'])
      for (const coerce of [true, false]) validateAgainstSchema('', { $schema, type: 'string' }, coerce, 0, 'body', undefined);
    // Three drafts, coercing or not: an upgrade that adds, drops or rebuilds an instance fails here.
    expect(PATTERN_ENGINES).toHaveLength(6);
    for (const ajv of PATTERN_ENGINES) {
      expect(ajv.opts.code.regExp).toBe(documentRegExp);
      expect(ajv.opts.validateSchema).toBe(false);
    }
    const hostile = { type: 'string', pattern: '^([a-zA-Z0-9]+\\s?)*$' };
    const started = performance.now();
    const found = validateAgainstSchema(`${'a'.repeat(40)}!`, hostile, false, 0, 'body', undefined);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(found._tag).toBe('Some');
  });

  it('names the missing piece and its use when an upgrade moves or changes one', () => {
    expect(() => piece('testing', { gone: 'function' }, () => ({}))).toThrow(
      '@stoplight/prism-http internal gone (used for testing) moved or changed: expected a function, found undefined',
    );
    const missing = () => createRequire(import.meta.url)('@stoplight/prism-http/dist/no/such/file');
    expect(() => piece('testing', { anything: 'function' }, missing)).toThrow(
      /^@stoplight\/prism-http internal anything \(used for testing\) moved or changed: Cannot find module/,
    );
  });

  it('is the only module of src/ that loads Prism, and nothing in scripts/ reaches into prism-http but one bundle step (tests may use Prism as their oracle)', () => {
    const mentions = (file: string, pattern: RegExp) => !file.endsWith('.test.ts') && pattern.test(readFileSync(join(root, file), 'utf8'));
    const reaching = [
      ...sources('src').filter((file) => mentions(file, /@stoplight\/|createRequire\(createRequire/)),
      ...sources('scripts').filter((file) => mentions(file, /prism-http\W+dist/)),
    ];
    // The bundles make Prism's unused Ajv instances on first use, rewriting the text of its schema check
    // (test/package/lazy-ajv-drafts.test.ts fails when an upgrade changes that text).
    expect(reaching).toEqual(['src/prism/prism-internals.ts', 'scripts/bundle/lazy-ajv-drafts.mjs']);
  });
});
