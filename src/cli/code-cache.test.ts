import { chmodSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requireWithCodeCache } from './code-cache.js';

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'code-cache-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A CommonJS "bundle" as scripts/bundle-cli.mjs writes one: the code, then its build id. */
function writeBundle(answer: string, buildId: string): string {
  const file = join(work, 'run.cjs');
  writeFileSync(
    file,
    `const path = require('node:path');\nexports.answer = () => ${answer};\nexports.dir = path.basename(__dirname);\n//# buildId=${buildId}\n`,
  );
  // As npm leaves installed files: every build with the same time stamp.
  utimesSync(file, 499162500, 499162500);
  return file;
}

const answerOf = (exports: unknown) => (exports as { answer: () => string }).answer();

describe('requireWithCodeCache', () => {
  it('runs a CommonJS file with its own require and __dirname, and reuses the cache it saved', () => {
    const file = writeBundle("'first'", 'aaaa');
    const cacheDir = join(work, 'cache');
    const cold = requireWithCodeCache(file, cacheDir);
    expect(answerOf(cold.exports)).toBe('first');
    expect((cold.exports as { dir: string }).dir).toBe(join(work).split('/').pop());
    expect(cold.fromCache).toBe(false);
    cold.save();
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.v8cache'))).toHaveLength(1);
    const warm = requireWithCodeCache(file, cacheDir);
    expect(warm.fromCache).toBe(true);
    expect(answerOf(warm.exports)).toBe('first');
  });

  it("never runs an earlier build's code: a rebuild of the same size and time stamp gets a cache of its own", () => {
    const cacheDir = join(work, 'cache');
    const before = requireWithCodeCache(writeBundle("'old!'", 'aaaa'), cacheDir);
    before.save();
    const after = requireWithCodeCache(writeBundle("'new!'", 'bbbb'), cacheDir);
    expect(after.fromCache).toBe(false);
    expect(answerOf(after.exports)).toBe('new!');
  });

  it('runs without a cache where none can be written, and saving then does nothing', () => {
    const file = writeBundle("'ok'", 'aaaa');
    writeFileSync(join(work, 'not-a-dir'), '');
    const unwritable = requireWithCodeCache(file, join(work, 'not-a-dir', 'cache'));
    expect(answerOf(unwritable.exports)).toBe('ok');
    expect(() => unwritable.save()).not.toThrow();
    const off = requireWithCodeCache(file, undefined);
    expect(answerOf(off.exports)).toBe('ok');
    expect(() => off.save()).not.toThrow();
  });

  it('ignores a cache directory other users can write to', () => {
    const file = writeBundle("'ok'", 'aaaa');
    const cacheDir = join(work, 'shared');
    mkdirSync(cacheDir);
    chmodSync(cacheDir, 0o777);
    const loaded = requireWithCodeCache(file, cacheDir);
    loaded.save();
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('never follows a link: neither a linked cache directory nor a linked cache file is used', () => {
    const file = writeBundle("'ok'", 'aaaa');
    const real = join(work, 'real');
    requireWithCodeCache(file, real).save();
    const linkedDir = join(work, 'linked');
    symlinkSync(real, linkedDir);
    expect(requireWithCodeCache(file, linkedDir).fromCache).toBe(false);
    const [cacheName] = readdirSync(real);
    const elsewhere = join(work, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    renameSync(join(real, cacheName ?? ''), join(elsewhere, cacheName ?? ''));
    symlinkSync(join(elsewhere, cacheName ?? ''), join(real, cacheName ?? ''));
    expect(requireWithCodeCache(file, real).fromCache).toBe(false);
  });

  it('keeps only the newest few caches as builds come and go', () => {
    const cacheDir = join(work, 'cache');
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']) requireWithCodeCache(writeBundle("'x'", id), cacheDir).save();
    expect(readdirSync(cacheDir)).toHaveLength(4);
  });
});
